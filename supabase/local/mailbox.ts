/**
 * Local mailbox: replaces the SMTP server a hosted project would use. Messages are stored
 * in `_local.mailbox` (auth mails inside the same transaction as the change that sent them),
 * their attachments in `_local.mailbox_attachments`, logged (links only when `logMailLinks`),
 * and served by mailbox-http.ts: the listing names each attachment (file name, type, size and
 * its download path `/mailbox/messages/<id>/attachments/<n>`, n from 0), never its bytes.
 */

import type { BackendContext } from "./context.ts";
import type { Queryable, Tx } from "./db/types.ts";
import { escapeHtml } from "./http.ts";

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Extra headers the sender asked for (e.g. Reply-To); empty for auth mails. */
  headers: Record<string, string>;
  sent_at: string;
  /** Files the sender attached (none for auth mails). */
  attachments: MailAttachment[];
}

/** An attachment as the listing shows it. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Where its bytes are: an absolute URL on the backend (a path when its URL is unknown). */
  url: string;
}

/** An attachment as a sender gives it (mailbox-input.ts has checked it). */
export interface MailAttachmentInput {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export type OutgoingMail = Pick<Mail, "to" | "subject" | "text" | "html" | "links"> &
  Partial<Pick<Mail, "headers">> & { attachments?: MailAttachmentInput[] };

interface MailRow {
  id: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[];
  headers: Record<string, string>;
  sent_at: Date;
  /** Only where the query asked for them (listMail). */
  attachments?: { filename: string; content_type: string; size: number }[];
}

/** The path of a mail's attachment `index` (0 = the first). */
export const attachmentPath = (mailId: number, index: number) =>
  `/mailbox/messages/${mailId}/attachments/${index}`;

function toMail(row: MailRow, baseUrl = ""): Mail {
  const id = Number(row.id);
  return {
    id,
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: row.links,
    headers: row.headers,
    sent_at: row.sent_at.toISOString(),
    attachments: (row.attachments ?? []).map((file, index) => ({
      filename: file.filename,
      contentType: file.content_type,
      size: Number(file.size),
      url: `${baseUrl}${attachmentPath(id, index)}`,
    })),
  };
}

/**
 * Sent as base64 text that Postgres decodes: a 2 MB file took about twice as long as a bytea
 * parameter, which PGlite serialises as hex.
 */
async function storeAttachments(tx: Tx, mailId: number, files: MailAttachmentInput[]) {
  for (const [position, file] of files.entries()) {
    await tx.query(
      `insert into _local.mailbox_attachments (mail_id, position, filename, content_type, content)
       values ($1, $2, $3, $4, decode($5, 'base64'))`,
      [
        mailId,
        position,
        file.filename,
        file.contentType,
        Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength).toString(
          "base64",
        ),
      ],
    );
  }
}

export async function storeMail(tx: Tx, mail: OutgoingMail, baseUrl = ""): Promise<Mail> {
  const { rows } = await tx.query<MailRow>(
    `insert into _local.mailbox (to_email, subject, text_body, html_body, links, headers)
     values ($1, $2, $3, $4, $5, $6) returning *`,
    [
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      JSON.stringify(mail.links),
      JSON.stringify(mail.headers ?? {}),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error("mailbox insert returned no row");
  const files = mail.attachments ?? [];
  await storeAttachments(tx, Number(row.id), files);
  const attachments = files.map((file) => ({
    filename: file.filename,
    content_type: file.contentType,
    size: file.content.byteLength,
  }));
  return toMail({ ...row, attachments }, baseUrl);
}

/** One log line per mail: recipient and subject, plus the links unless `logMailLinks` is off. */
export function logMail(ctx: BackendContext, mail: Pick<Mail, "to" | "subject" | "links">): void {
  const links = ctx.logMailLinks && mail.links.length > 0 ? ` → ${mail.links.join(" ")}` : "";
  ctx.log(`[mailbox] to ${mail.to}: ${mail.subject}${links}`);
}

/** Newest first; attachments by name, type and size, their URLs on `baseUrl` (the backend's). */
export async function listMail(db: Queryable, baseUrl = ""): Promise<Mail[]> {
  const { rows } = await db.query<MailRow>(
    `select m.*, coalesce((
        select jsonb_agg(jsonb_build_object('filename', a.filename, 'content_type', a.content_type,
                 'size', octet_length(a.content)) order by a.position)
          from _local.mailbox_attachments a where a.mail_id = m.id), '[]') as attachments
       from _local.mailbox m order by m.id desc`,
  );
  return rows.map((row) => toMail(row, baseUrl));
}

/** Attachment `index` of mail `mailId` with its bytes, or null. */
export async function readAttachment(
  db: Queryable,
  mailId: number,
  index: number,
): Promise<MailAttachmentInput | null> {
  const { rows } = await db.query<{ filename: string; content_type: string; content: Uint8Array }>(
    `select filename, content_type, content from _local.mailbox_attachments
      where mail_id = $1 and position = $2`,
    [mailId, index],
  );
  const row = rows[0];
  return row
    ? { filename: row.filename, contentType: row.content_type, content: row.content }
    : null;
}

export async function clearMail(db: Queryable): Promise<void> {
  await db.query("delete from _local.mailbox");
}

export function renderMailboxPage(mails: Mail[]): string {
  const items = mails
    .map((mail) => {
      const links = mail.links
        .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
        .join("");
      const files = mail.attachments
        .map(
          (file, index) =>
            `<li><a href="${escapeHtml(attachmentPath(mail.id, index))}" download>${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType)}, ${file.size} bytes)</li>`,
        )
        .join("");
      const attached = files ? `<p><strong>Attachments:</strong></p><ul>${files}</ul>` : "";
      return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sent_at)}">${escapeHtml(mail.sent_at)}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
<ul>${links}</ul>${attached}
</article>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Local mailbox</h1>
<p>${mails.length} message(s), newest first. <a href="/mailbox/messages.json">JSON</a></p>
${items || "<p>No messages yet.</p>"}
</body></html>`;
}
