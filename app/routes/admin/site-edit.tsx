import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { secondaryButton } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { SiteEditorPage } from "~/components/admin/site/site-editor-page";
import { SiteForm } from "~/components/admin/site/site-form";
import { SitePreviewPanels } from "~/components/admin/site/site-preview";
import { fieldIdOf } from "~/components/forms/field-id";
import { firstControlName } from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import { useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/site-edit";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  pageMeta(matches, {
    title: loaderData?.title ?? "Admin",
    description: loaderData?.title ?? "",
    path: location.pathname,
    noindex: true,
  });

export { action, loader } from "./site-edit.server";

/** A preview, an added or removed row: the stored item did not change. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = String(formData?.get("intent") ?? "");
  return /^(preview|add:|remove:)/.test(intent) ? false : defaultShouldRevalidate;
}

/** /admin/{kind}/new, /admin/{kind}/:id and /admin/settings. */
export default function SiteEdit({ loaderData, actionData: answer }: Route.ComponentProps) {
  const t = useT();
  const kind = KINDS[loaderData.kind];
  const { id, locale } = loaderData;
  const list = kind.ids === "settings" ? "/admin" : `/admin/${kind.name}`;
  const path = kind.ids === "settings" ? "/admin/settings" : `${list}/${id}`;
  const draft = answer?.draft ?? loaderData.draft;
  const firstName = firstControlName(kind);
  return (
    <SiteEditorPage
      locale={locale}
      title={loaderData.title}
      subtitle={loaderData.subtitle}
      toast={answer?.toast}
      skipTo={firstName && !loaderData.confirmDelete ? fieldIdOf(firstName) : null}
    >
      {loaderData.confirmDelete ? (
        <ConfirmStep
          title={t("siteEditor.list.deleteTitle", { name: loaderData.name ?? "" })}
          fields={{ intent: "delete" }}
          confirmLabel={t("siteEditor.list.deleteConfirm")}
          pendingLabel={t("siteEditor.list.deleting")}
          cancelTo={path}
          cancelLabel={t("siteEditor.form.cancel")}
        >
          <p>{t("siteEditor.list.deleteText")}</p>
        </ConfirmStep>
      ) : (
        <SiteForm
          kind={kind}
          draft={draft}
          errors={answer?.errors}
          version={answer?.version ?? loaderData.version}
          choices={{
            images: loaderData.images,
            categories: loaderData.categories,
            prices: answer ? (answer.prices ?? null) : loaderData.prices,
            priceWords: loaderData.priceWords,
          }}
          answer={answer}
          cancelTo={list}
        >
          {id !== null ? (
            <Link to={`${path}/history`} className={secondaryButton}>
              {t("siteEditor.list.history")}
            </Link>
          ) : null}
          {id !== null && kind.can.delete ? (
            <Link to={`${path}?delete=1`} className={`${secondaryButton} sm:ml-auto`}>
              {t("siteEditor.list.delete")}
            </Link>
          ) : null}
        </SiteForm>
      )}
      {answer?.preview ? <SitePreviewPanels preview={answer.preview} /> : null}
    </SiteEditorPage>
  );
}
