/**
 * Local mailbox: replaces the SMTP server a hosted project would use. Messages are stored
 * in `_local.mailbox` (auth mails inside the same transaction as the change that sent them),
 * logged (links only when `logMailLinks`), and served by mailbox-http.ts.
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
}

export type OutgoingMail = Pick<Mail, "to" | "subject" | "text" | "html" | "links"> &
  Partial<Pick<Mail, "headers">>;

interface MailRow {
  id: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[];
  headers: Record<string, string>;
  sent_at: Date;
}

function toMail(row: MailRow): Mail {
  return {
    id: Number(row.id),
    to: row.to_email,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: row.links,
    headers: row.headers,
    sent_at: row.sent_at.toISOString(),
  };
}

export async function storeMail(tx: Tx, mail: OutgoingMail): Promise<Mail> {
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
  return toMail(row);
}

/** One log line per mail: recipient and subject, plus the links unless `logMailLinks` is off. */
export function logMail(ctx: BackendContext, mail: Pick<Mail, "to" | "subject" | "links">): void {
  const links = ctx.logMailLinks && mail.links.length > 0 ? ` → ${mail.links.join(" ")}` : "";
  ctx.log(`[mailbox] to ${mail.to}: ${mail.subject}${links}`);
}

/** Newest first. */
export async function listMail(db: Queryable): Promise<Mail[]> {
  const { rows } = await db.query<MailRow>("select * from _local.mailbox order by id desc");
  return rows.map(toMail);
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
      return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.sent_at)}">${escapeHtml(mail.sent_at)}</time></p>
<pre>${escapeHtml(mail.text)}</pre>
<ul>${links}</ul>
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
