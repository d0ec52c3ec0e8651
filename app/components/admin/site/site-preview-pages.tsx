import { LegalPage } from "~/components/legal/legal-page";
import { ProjectDetailsSection } from "~/components/portfolio/project-details";
import { ServiceDetail } from "~/components/services/service-detail";
import type { SitePreview } from "~/domain/site/editor/preview.server";
import type { Locale } from "~/i18n/locale";

/** One language of a preview: the public page component with the typed values. */
export function PreviewPage({ preview, lang }: { preview: SitePreview; lang: Locale }) {
  switch (preview.page) {
    case "service":
      return <ServiceDetail service={preview.items[lang]} />;
    case "project":
      return <ProjectDetailsSection project={preview.items[lang]} closeHref="#preview" />;
    case "legal":
      return <LegalPage document={preview.items[lang]} />;
  }
}
