/**
 * Local mailbox: replaces the SMTP server a hosted project would use. Messages are stored
 * in `_local.mailbox` (inside the same transaction as the auth change that sent them),
 * printed to the log, and served at GET /mailbox (HTML) and /mailbox/messages.json.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { escapeHtml, send, sendJson } from "./http.ts";

export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sent_at: string;
}

export type OutgoingMail = Pick<Mail, "to" | "subject" | "text" | "html" | "links">;

interface MailRow {
  id: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  links: string[];
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
    sent_at: row.sent_at.toISOString(),
  };
}

export async function storeMail(tx: Transaction, mail: OutgoingMail): Promise<Mail> {
  const { rows } = await tx.query<MailRow>(
    `insert into _local.mailbox (to_email, subject, text_body, html_body, links)
     values ($1, $2, $3, $4, $5) returning *`,
    [mail.to, mail.subject, mail.text, mail.html, JSON.stringify(mail.links)],
  );
  const row = rows[0];
  if (!row) throw new Error("mailbox insert returned no row");
  return toMail(row);
}

/** Newest first. */
export async function listMail(db: PGlite): Promise<Mail[]> {
  const { rows } = await db.query<MailRow>("select * from _local.mailbox order by id desc");
  return rows.map(toMail);
}

function renderMailboxPage(mails: Mail[]): string {
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

/** Handles /mailbox routes; returns false when the path is not a mailbox path. */
export async function handleMailbox(
  req: IncomingMessage,
  res: ServerResponse,
  db: PGlite,
  pathname: string,
): Promise<boolean> {
  const noStore = { "Cache-Control": "no-store" };
  if (pathname === "/mailbox" || pathname === "/mailbox/") {
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendJson(res, 405, { message: "Method not allowed" }, { Allow: "GET, HEAD" });
      return true;
    }
    send(res, 200, renderMailboxPage(await listMail(db)), {
      "Content-Type": "text/html; charset=utf-8",
      ...noStore,
    });
    return true;
  }
  if (pathname === "/mailbox/messages.json") {
    if (req.method === "DELETE") {
      await db.query("delete from _local.mailbox");
      send(res, 204, undefined, noStore);
    } else if (req.method === "GET" || req.method === "HEAD") {
      sendJson(res, 200, await listMail(db), noStore);
    } else {
      sendJson(res, 405, { message: "Method not allowed" }, { Allow: "GET, HEAD, DELETE" });
    }
    return true;
  }
  return false;
}
