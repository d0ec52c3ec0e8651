import { PageHeading } from "~/components/page-heading";
import { LEGAL_UPDATED, type LegalSection } from "~/content/legal";
import { monthYear } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";

/** A plain legal page: heading, numbered sections, last-updated date. */
export function LegalPage({ title, sections }: { title: string; sections: LegalSection[] }) {
  const site = useSiteConfig();
  const t = useT();
  const fill = (text: string) =>
    text.replaceAll("{brand}", site.brandName).replaceAll("{email}", site.email);
  return (
    <>
      <PageHeading title={title} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 text-slate-800 sm:px-6">
        {sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`} className="text-xl font-bold text-slate-900">
              {index + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed">
                {fill(paragraph)}
              </p>
            ))}
          </section>
        ))}
        <p className="text-sm text-slate-600">
          {t("legal.updated", { date: monthYear(LEGAL_UPDATED, t.locale) })}
        </p>
      </div>
    </>
  );
}
