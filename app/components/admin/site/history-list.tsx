import { Link } from "react-router";
import type { RevisionView } from "~/domain/site/editor/history.server";
import { useT } from "~/i18n/use-t";
import { secondaryButton } from "../admin-page";
import { EmptyList } from "../confirm-step";

function Changes({ revision }: { revision: RevisionView }) {
  const t = useT();
  if (revision.operation === "create" || revision.operation === "delete") return null;
  if (revision.changes.length === 0) {
    return <p className="mt-2 text-sm text-slate-600">{t("siteEditor.history.noChanges")}</p>;
  }
  return (
    <ul className="mt-3 space-y-2 text-sm">
      {revision.changes.map((change) => (
        <li key={change.where.join("/")} className="[overflow-wrap:anywhere]">
          <span className="font-semibold text-slate-900">{change.where.join(" · ")}</span>
          <span className="block text-slate-700">
            {change.before === "" ? (
              t("siteEditor.history.added", { value: change.after })
            ) : change.after === "" ? (
              t("siteEditor.history.removed", { value: change.before })
            ) : (
              <>
                <del className="text-red-800">{change.before}</del> →{" "}
                <ins className="text-brand-900 no-underline">{change.after}</ins>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Every revision of an item, newest first: who, when, what, and Restore (after confirming). */
export function HistoryList({ revisions, path }: { revisions: RevisionView[]; path: string }) {
  const t = useT();
  if (revisions.length === 0) return <EmptyList>{t("siteEditor.history.empty")}</EmptyList>;
  return (
    <ol className="space-y-4">
      {revisions.map((revision) => (
        <li
          key={revision.id}
          id={`revision-${revision.id}`}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-bold text-slate-900">
              {t(`siteEditor.history.operations.${revision.operation}`)}
              <span className="ml-2 text-sm font-normal text-slate-600">
                {t("siteEditor.history.version", { n: revision.version })}
              </span>
            </h2>
            {revision.current ? (
              <span className="text-sm font-semibold text-brand-800">
                {t("siteEditor.history.current")}
              </span>
            ) : (
              <Link
                to={`${path}?restore=${revision.id}`}
                className={`${secondaryButton} px-3 py-1.5 text-sm`}
                aria-label={t("siteEditor.history.restoreVersion", { n: revision.version })}
              >
                {t("siteEditor.history.restore")}
              </Link>
            )}
          </div>
          <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
            {t("siteEditor.history.byWhen", { who: revision.who, when: revision.when })}
          </p>
          <Changes revision={revision} />
        </li>
      ))}
    </ol>
  );
}
