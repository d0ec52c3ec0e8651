import { data } from "react-router";
import { messageActionSchema } from "~/domain/admin/schema.server";
import { type InboxStatus, replyMailto } from "~/domain/contact/inbox";
import {
  deleteMessage,
  getInboxMessage,
  parseMessageId,
  setMessageStatus,
} from "~/domain/contact/inbox.server";
import { DEFAULT_LOCALE } from "~/i18n/locale";
import { translate, translator } from "~/i18n/translate.server";
import { type AdminArgs, adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/message";

function messageId(args: AdminArgs): number {
  const id = parseMessageId(args.params.id);
  if (id === null) throw data({ message: "Message not found" }, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const found = await getInboxMessage(supabase, messageId(args));
  if (!found.ok && found.kind === "not-found") {
    throw data({ message: "Message not found" }, { status: 404 });
  }
  if (!found.ok) throw new Error(found.message);
  const message = found.value;
  // The reply template in the language the lead wrote in (English for older messages).
  const reply = replyMailto(message, translator(message.locale ?? DEFAULT_LOCALE));
  return { message, reply, confirmDelete: query.get("delete") === "1" };
}

/** What a status change answers ("Marked as handled"…), in the admin's language. */
const DONE = {
  handled: "adminOffice.message.done.handled",
  new: "adminOffice.message.done.new",
  archived: "adminOffice.message.done.archived",
} as const satisfies Record<InboxStatus, string>;

/** Status changes answer back on the message; deleting (after its confirmation step) goes to the inbox. */
export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, messageActionSchema);
  if ("answer" in form) return form.answer;
  const id = messageId(args);
  const locale = adminLocale(args.request);
  if (form.value.intent === "delete") {
    const deleted = translate(locale, "adminOffice.message.deleted");
    return answerWith(await deleteMessage(form.supabase, id), "/admin/messages", deleted);
  }
  const status = form.value.status ?? "handled";
  const changed = await setMessageStatus(form.supabase, id, status);
  const done = translate(locale, DONE[status]);
  return answerWith(changed, `/admin/messages/${id}`, done, `message:${id}`);
}
