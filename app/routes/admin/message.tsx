import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { MessageActions, MessageView } from "~/components/admin/message-view";
import { Toasts } from "~/components/toasts/toasts";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/message";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, {
    title: "Message",
    description: "One contact message.",
    path: `/admin/messages/${params.id}`,
    noindex: true,
  });

export { action, loader } from "./message.server";

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, reply, confirmDelete } = loaderData;
  return (
    <AdminPage title="Message" subtitle={`From ${message.name}`}>
      <Toasts toasts={[actionData?.toast]} />
      <p className="mb-6">
        <Link to="/admin/messages" className={linkClass}>
          Back to messages
        </Link>
      </p>
      {confirmDelete ? (
        <ConfirmStep
          title="Delete this message?"
          fields={{ intent: "delete" }}
          confirmLabel="Yes, delete message"
          pendingLabel="Deleting..."
          cancelTo={`/admin/messages/${message.id}`}
        >
          The message from {message.name} will be removed for good. This cannot be undone.
        </ConfirmStep>
      ) : null}
      <MessageView message={message} />
      {confirmDelete ? null : <MessageActions message={message} reply={reply} />}
    </AdminPage>
  );
}
