import { Link, useLocation } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { ConfirmStep, LoadError } from "~/components/admin/confirm-step";
import { HistoryList } from "~/components/admin/site/history-list";
import { SiteEditorPage } from "~/components/admin/site/site-editor-page";
import { useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/site-history";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(matches, {
    title: loaderData?.title ?? "Admin",
    description: loaderData?.title ?? "",
    path: location.pathname,
    noindex: true,
  });

export { action, loader } from "./site-history.server";

/** An item's history: every saved version, what changed, Restore. */
export default function SiteHistory({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const { revisions, confirmRestore, editor, locale, error } = loaderData;
  const path = location.pathname;
  return (
    <SiteEditorPage
      locale={locale}
      title={loaderData.title}
      subtitle={loaderData.name}
      toast={actionData?.toast}
    >
      {confirmRestore ? (
        <ConfirmStep
          title={t("siteEditor.history.restoreTitle", { n: confirmRestore.version })}
          fields={{ intent: "restore", revision: String(confirmRestore.id) }}
          confirmLabel={t("siteEditor.history.restoreConfirm")}
          pendingLabel={t("siteEditor.history.restoring")}
          cancelTo={path}
          cancelLabel={t("siteEditor.form.cancel")}
          tone="neutral"
        >
          <p>
            {t("siteEditor.history.restoreText", {
              when: confirmRestore.when,
              who: confirmRestore.who,
            })}
          </p>
        </ConfirmStep>
      ) : null}
      <p className="mb-6">
        <Link to={editor} className={linkClass}>
          {t("siteEditor.history.back")}
        </Link>
      </p>
      {error ? <LoadError message={error} /> : <HistoryList revisions={revisions} path={path} />}
    </SiteEditorPage>
  );
}
