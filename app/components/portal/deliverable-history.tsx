import { useT } from "~/i18n/use-t";

/** A version of a deliverable as both project pages list it (the view's fields they use). */
export interface VersionItem {
  id: number;
  number: number;
  statusText: string;
  fileHref: string;
  fileText: string;
  note: string;
  byline: string;
}

export interface DecisionItem {
  id: number;
  decision: "approved" | "changes_requested";
  text: string;
  reason: string;
  byline: string;
  at: string;
}

/** A version's file, as a link that the private files route answers for those allowed. */
export function VersionFile({ version }: { version: Pick<VersionItem, "fileHref" | "fileText"> }) {
  return (
    <a
      href={version.fileHref}
      className="inline-block py-1 font-semibold text-brand-700 underline hover:text-brand-800"
    >
      {version.fileText}
    </a>
  );
}

/** Versions, newest first: number, status, file, what changed, who uploaded it when. */
export function VersionList({ versions }: { versions: VersionItem[] }) {
  const t = useT();
  if (versions.length === 0)
    return <p className="text-slate-700">{t("deliverables.noVersions")}</p>;
  return (
    <ol className="space-y-3">
      {versions.map((version) => (
        <li key={version.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <p className="font-semibold text-slate-900">
            {t("deliverables.version", { number: version.number })} · {version.statusText}
          </p>
          <VersionFile version={version} />
          {version.note ? (
            <p className="whitespace-pre-line break-words text-slate-800">{version.note}</p>
          ) : null}
          <p className="text-sm text-slate-700">{version.byline}</p>
        </li>
      ))}
    </ol>
  );
}

/** The decisions on a deliverable, newest first: which version, what, why, who and when. */
export function DecisionHistory({
  title,
  decisions,
}: {
  title: string;
  decisions: DecisionItem[];
}) {
  const t = useT();
  return (
    <div className="mt-4">
      <h4 className="mb-2 font-bold text-slate-900">
        {t("deliverables.historyHeading", { title })}
      </h4>
      {decisions.length === 0 ? (
        <p className="text-slate-700">{t("deliverables.historyNone")}</p>
      ) : (
        <ol className="space-y-2">
          {decisions.map((decision) => (
            <li
              key={decision.id}
              className={`rounded-lg border px-4 py-3 ${decision.decision === "approved" ? "border-emerald-300 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
            >
              <p className="font-semibold text-slate-900">{decision.text}</p>
              {decision.reason ? (
                <p className="whitespace-pre-line break-words text-slate-900">{decision.reason}</p>
              ) : null}
              <p className="text-sm text-slate-800">
                <time dateTime={decision.at}>{decision.byline}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/**
 * The project's decision history as a CSV file (its route on each side: `href`), a plain link
 * that downloads it, for the spreadsheet or the project's records.
 */
export function DecisionExportLink({ href }: { href: string }) {
  const t = useT();
  return (
    <p className="mb-6">
      <a
        href={href}
        download
        className="inline-block py-1 font-semibold text-brand-700 underline hover:text-brand-800"
      >
        {t("decisionExport.download")}
      </a>
    </p>
  );
}
