import type { ReactNode } from "react";
import { LegalPage } from "~/components/legal/legal-page";
import { ProjectCard } from "~/components/portfolio/project-card";
import { ProjectDetailsSection } from "~/components/portfolio/project-details";
import { ServiceCard } from "~/components/services/service-card";
import { ServiceDetail } from "~/components/services/service-detail";
import type { SitePreview } from "~/domain/site/editor/preview.server";
import type { Locale } from "~/i18n/locale";

/** The admin's words over the parts of a preview (the parts themselves are in `lang`). */
export interface PreviewLabels {
  card: string;
  page: string;
  projectCard: string;
  projectPage: string;
  /** The admin's language (the labels sit inside the preview's `lang`). */
  lang: string;
}

const noop = () => {};

/** A part of a preview under its name in the admin's language. */
function Part({ label, lang, children }: { label: string; lang: string; children: ReactNode }) {
  return (
    <div>
      <p
        lang={lang}
        className="border-y border-slate-200 bg-slate-50 px-4 py-1.5 text-xs font-semibold tracking-wide text-slate-700 uppercase"
      >
        {label}
      </p>
      {children}
    </div>
  );
}

/**
 * One language of a preview: the public page component with the typed values — for a service
 * or a project its card first (the short description, and a service's starting price, as the
 * lists, the home page and search results show them), then its page.
 */
export function PreviewPage({
  preview,
  lang,
  labels,
}: {
  preview: SitePreview;
  lang: Locale;
  labels: PreviewLabels;
}) {
  switch (preview.page) {
    case "service":
      return (
        <>
          <Part label={labels.card} lang={labels.lang}>
            <div className="flex max-w-sm p-4" data-testid="preview-card">
              <ServiceCard service={preview.items[lang]} showPrice />
            </div>
          </Part>
          <Part label={labels.page} lang={labels.lang}>
            <ServiceDetail service={preview.items[lang]} />
          </Part>
        </>
      );
    case "project":
      return (
        <>
          <Part label={labels.projectCard} lang={labels.lang}>
            <div className="max-w-sm p-4" data-testid="preview-card">
              <ProjectCard
                project={preview.items[lang]}
                detailsHref="#preview"
                onViewDetails={noop}
              />
            </div>
          </Part>
          <Part label={labels.projectPage} lang={labels.lang}>
            <ProjectDetailsSection project={preview.items[lang]} closeHref="#preview" />
          </Part>
        </>
      );
    case "legal":
      return <LegalPage document={preview.items[lang]} />;
  }
}
