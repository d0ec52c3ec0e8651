import { PostContent } from "~/components/blog/post-content";
import { PageHeading } from "~/components/page-heading";
import type { LocalLegal } from "~/domain/site/localize.server";
import { langOf } from "~/domain/site/translated";
import { monthYear } from "~/i18n/format";
import { useT } from "~/i18n/use-t";

/** A legal page: heading, the document (sanitized HTML from the loader), last-updated date. */
export function LegalPage({ document }: { document: LocalLegal }) {
  const t = useT();
  return (
    <>
      <PageHeading title={document.title} lang={langOf(document, "title")} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12 text-slate-800 sm:px-6">
        <PostContent html={document.html} lang={langOf(document, "html")} />
        <p className="text-sm text-slate-600">
          {t("legal.updated", { date: monthYear(document.effectiveAt, t.locale) })}
        </p>
      </div>
    </>
  );
}
