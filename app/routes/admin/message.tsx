import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { MessageActions, MessageView } from "~/components/admin/message-view";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/message";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminOffice.message.title"),
    description: t("adminOffice.message.description"),
    path: `/admin/messages/${params.id}`,
    noindex: true,
  });
};

export { action, loader } from "./message.server";

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, reply, confirmDelete } = loaderData;
  const t = useT();
  return (
    <AdminPage
      title={t("adminOffice.message.title")}
      subtitle={t("adminOffice.message.subtitle", { name: message.name })}
    >
      <Toasts toasts={[actionData?.toast]} />
      <p className="mb-6 flex flex-wrap gap-4">
        <Link to="/admin/messages" className={linkClass}>
          {t("adminOffice.message.back")}
        </Link>
        <Link to={`/admin/quotes/new?lead=${message.id}`} className={linkClass}>
          {t("adminOffice.draftQuote")}
        </Link>
      </p>
      {confirmDelete ? (
        <ConfirmStep
          title={t("adminOffice.message.deleteTitle")}
          fields={{ intent: "delete" }}
          confirmLabel={t("adminOffice.message.deleteConfirm")}
          pendingLabel={t("adminOffice.list.deleting")}
          cancelTo={`/admin/messages/${message.id}`}
          cancelLabel={t("adminOffice.list.cancel")}
        >
          {t("adminOffice.message.deleteBody", { name: message.name })}
        </ConfirmStep>
      ) : null}
      <MessageView message={message} />
      {confirmDelete ? null : <MessageActions message={message} reply={reply} />}
    </AdminPage>
  );
}
