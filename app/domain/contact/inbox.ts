import type { Locale } from "~/i18n/locale";
import type { Tables } from "~/infra/database.types";
import { mailtoHref } from "~/lib/mailto";
import type { PhoneNumber } from "~/lib/phone";
import { clipWithEllipsis } from "~/lib/text";

/** The inbox's view of contact messages (plain: the admin components read it too). */
export const INBOX_STATUSES = ["new", "handled", "archived"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** Each status's name (app/i18n/messages: "New", "Handled", "Archived" in English). */
export const STATUS_KEYS = {
  new: "adminOffice.messages.status.new",
  handled: "adminOffice.messages.status.handled",
  archived: "adminOffice.messages.status.archived",
} as const satisfies Record<InboxStatus, string>;

export function inboxStatus(raw: string | null | undefined): InboxStatus | null {
  return INBOX_STATUSES.find((status) => status === raw) ?? null;
}

export type InboxRow = Pick<
  Tables<"contact_messages">,
  "id" | "name" | "email" | "message" | "service" | "status" | "created_at"
> & {
  /** The service's English title (app/domain/site/service-titles.server.ts), if one was asked. */
  serviceTitle: string | null;
};

export type InboxMessage = InboxRow &
  Pick<Tables<"contact_messages">, "user_id" | "handled_at" | "handled_by" | "page"> & {
    /** The number the sender left (stored in E.164), shown and linked; null when none. */
    phone: PhoneNumber | null;
    /** The language they wrote from (messages before it was kept: null). */
    locale: Locale | null;
    /** The account they were signed in with: its name and address; null when none (or gone). */
    sender: { name: string; email: string } | null;
  };

/**
 * A `mailto:` answering the message in the language the lead wrote in (`say` is a translator
 * of it): "Re:" subject, a greeting, and the message quoted below.
 */
export function replyMailto(
  message: Pick<InboxRow, "name" | "email" | "message">,
  say: (key: "leadReply.subject" | "leadReply.body", values?: Record<string, string>) => string,
): string {
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const subject = say("leadReply.subject");
  const body = say("leadReply.body", { name: message.name, quoted });
  return mailtoHref(message.email, { subject, body });
}

/** The first line of a message, cut to `max` characters, for lists. */
export function excerpt(text: string, max = 120): string {
  const line = text.replace(/\s+/g, " ").trim();
  return clipWithEllipsis(line, max);
}
