import { dateTime } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { fileHref } from "./deliverable-view.server";
import type { DeliverableRow } from "./deliverables.server";
import type { MessageRow } from "./messages.server";

/** A message as the thread shows it: who wrote it, from which side, when (the agency's clock). */
export interface MessageItem {
  id: number;
  body: string;
  side: MessageRow["author_side"];
  author: string;
  sideText: string;
  at: string;
  atText: string;
  attachment: { href: string; name: string } | null;
}

/** A file of the project one may attach: its key in the client's folder and its name. */
export interface AttachmentChoice {
  path: string;
  name: string;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1) || path;

/** The thread in `locale`, oldest first; times in AGENCY_TIME_ZONE as the site shows them. */
export function messageItems(rows: readonly MessageRow[], locale: Locale): MessageItem[] {
  const t = translator(locale);
  const zone = agencyTimeZone();
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    side: row.author_side,
    author:
      row.author_name || t(row.author_side === "agency" ? "projects.agency" : "thread.client"),
    sideText: t(row.author_side === "agency" ? "thread.sideAgency" : "thread.sideClient"),
    at: row.created_at,
    atText: dateTime(row.created_at, locale, zone, "short"),
    attachment: row.attachment_path
      ? { href: fileHref(row.attachment_path), name: nameOf(row.attachment_path) }
      : null,
  }));
}

/**
 * The project's files a message may point to: the versions of its deliverables the caller may
 * read (a client never gets a draft's: the read policy), newest first, each once.
 */
export function attachmentChoices(deliverables: readonly DeliverableRow[]): AttachmentChoice[] {
  const seen = new Set<string>();
  const choices: AttachmentChoice[] = [];
  for (const deliverable of deliverables) {
    for (const version of deliverable.versions) {
      if (seen.has(version.file_path)) continue;
      seen.add(version.file_path);
      choices.push({
        path: version.file_path,
        name: `${deliverable.title} v${version.number} — ${version.file_name}`,
      });
    }
  }
  return choices;
}

/** Each row of a list (projects, clients) with its "N unread messages" (null: none), in `locale`. */
export function withUnread<Id, Row extends { id: Id }>(
  rows: readonly Row[],
  unread: ReadonlyMap<Id, number>,
  locale: Locale,
): (Row & { unreadText: string | null })[] {
  const t = translator(locale);
  return rows.map((row) => {
    const count = unread.get(row.id) ?? 0;
    return { ...row, unreadText: count > 0 ? t("thread.unread", { count }) : null };
  });
}
