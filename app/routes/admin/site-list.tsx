import { Link, useLocation } from "react-router";
import { primaryButton } from "~/components/admin/admin-page";
import { ConfirmStep, EmptyList, LoadError } from "~/components/admin/confirm-step";
import { SiteEditorPage } from "~/components/admin/site/site-editor-page";
import { SiteListTable } from "~/components/admin/site/site-list-table";
import { SvgIcon } from "~/components/icons";
import { useAfterChange } from "~/components/use-after-change";
import { KINDS } from "~/domain/site/editor/kinds";
import { LIST_TARGET } from "~/domain/site/editor/list-view";
import { useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/site-list";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.title ?? "Admin",
    description: loaderData?.intro ?? "",
    path: `/admin/${loaderData?.kind ?? ""}`,
    noindex: true,
  });

export { action, loader } from "./site-list.server";

/** /admin/services, /admin/team, …: one kind's items in order. */
export default function SiteList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { items, error, confirmDelete, locale } = loaderData;
  const kind = KINDS[loaderData.kind];
  const list = `/admin/${kind.name}`;
  // An action's answer names the control that keeps focus in its fragment: the browser focuses
  // it on a full load (no JS); after a client-side redirect this does.
  const location = useLocation();
  useAfterChange(location.key, () => {
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    target?.focus({ preventScroll: true });
  });
  return (
    <SiteEditorPage
      locale={locale}
      title={loaderData.title}
      subtitle={loaderData.intro}
      toast={actionData?.toast}
    >
      {confirmDelete ? (
        <ConfirmStep
          title={t("siteEditor.list.deleteTitle", { name: confirmDelete.name })}
          fields={{ intent: "delete", id: confirmDelete.id }}
          confirmLabel={t("siteEditor.list.deleteConfirm")}
          pendingLabel={t("siteEditor.list.deleting")}
          cancelTo={list}
          cancelLabel={t("siteEditor.form.cancel")}
        >
          <p>{t("siteEditor.list.deleteText")}</p>
        </ConfirmStep>
      ) : null}
      {kind.can.create ? (
        <div className="mb-6 flex justify-end">
          <Link to={`${list}/new`} className={primaryButton}>
            <SvgIcon name="plus" className="size-5" />
            {t(kind.newLabel)}
          </Link>
        </div>
      ) : null}
      <section id={LIST_TARGET} tabIndex={-1} aria-label={loaderData.title}>
        {error ? (
          <LoadError message={error} />
        ) : items.length === 0 ? (
          <EmptyList>{t("siteEditor.list.empty")}</EmptyList>
        ) : (
          <SiteListTable kind={kind} items={items} />
        )}
      </section>
    </SiteEditorPage>
  );
}
