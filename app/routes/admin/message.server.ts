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
import { translator } from "~/i18n/translate.server";
import { type AdminArgs, adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
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

const DONE: Record<InboxStatus, string> = {
  handled: "Marked as handled",
  new: "Reopened",
  archived: "Archived",
};

/** Status changes answer back on the message; deleting (after its confirmation step) goes to the inbox. */
export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, messageActionSchema);
  if ("answer" in form) return form.answer;
  const id = messageId(args);
  if (form.value.intent === "delete") {
    return answerWith(await deleteMessage(form.supabase, id), "/admin/messages", "Message deleted");
  }
  const status = form.value.status ?? "handled";
  const changed = await setMessageStatus(form.supabase, id, status);
  return answerWith(changed, `/admin/messages/${id}`, DONE[status], `message:${id}`);
}
