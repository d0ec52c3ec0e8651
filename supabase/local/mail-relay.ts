/**
 * SMTP relay for the embedded backend's own mails (confirm sign-up, reset password, change
 * e-mail…), for a one-machine deployment that must really send them. The auth code is not
 * touched: it keeps storing each mail in `_local.mailbox`, in the same transaction as the change
 * that caused it, and this relay delivers what is stored (with its attachments) — like an outbox — retrying with
 * backoff (10 s, 20 s, 40 s … up to 8 attempts). Mails older than an hour (their links have
 * expired) are never sent, so switching SMTP on later does not flood anyone with old mail.
 */

import nodemailer, { type Transporter } from "nodemailer";
import type { Queryable } from "./db/types.ts";
import { clip } from "./text.ts";

export interface SmtpOptions {
  /** `smtps://user:pass@host:465`, or `smtp://…:587` (STARTTLS required except on loopback). */
  url: string;
  /** The From header (e.g. `Jenga Digital <no-reply@example.com>`). */
  from: string;
  /** Wait before the first retry, doubled for each further one. Default 10 s. */
  retrySeconds?: number;
}

export interface MailRelay {
  /** Delivers every due mail once (the timer calls it; tests may too). */
  flush(): Promise<number>;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string;
  relay_attempts: number;
}

const POLL_MS = 1000;
const MAX_ATTEMPTS = 8;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

export function relayTransport(smtp: SmtpOptions): Transporter {
  const url = new URL(smtp.url);
  const plainAllowed = url.protocol === "smtps:" || LOOPBACK.test(url.hostname);
  if (!plainAllowed && !url.searchParams.has("requireTLS")) {
    url.searchParams.set("requireTLS", "true");
  }
  return nodemailer.createTransport(url.toString(), { from: smtp.from });
}

export function startMailRelay(
  db: Queryable,
  smtp: SmtpOptions,
  log: (line: string) => void,
  transport: Transporter = relayTransport(smtp),
): MailRelay {
  let running: Promise<number> | null = null;

  async function deliver(mail: Pending): Promise<boolean> {
    try {
      const files = await db.query<{ filename: string; content_type: string; content: Uint8Array }>(
        `select filename, content_type, content from _local.mailbox_attachments
          where mail_id = $1 order by position`,
        [mail.id],
      );
      await transport.sendMail({
        to: mail.to_email,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        attachments: files.rows.map((file) => ({
          filename: file.filename,
          contentType: file.content_type,
          content: Buffer.from(file.content),
        })),
      });
      await db.query(
        "update _local.mailbox set relayed_at = now(), relay_error = null where id = $1",
        [mail.id],
      );
      return true;
    } catch (error) {
      const message = clip(error instanceof Error ? error.message : String(error), 500);
      await db.query(
        `update _local.mailbox set relay_attempts = relay_attempts + 1, relay_error = $2,
           relay_next_at = now() + make_interval(secs => $3 * 2 ^ relay_attempts)
         where id = $1`,
        [mail.id, message, smtp.retrySeconds ?? 10],
      );
      log(`[mail-relay] mail ${mail.id} not sent (attempt ${mail.relay_attempts + 1}): ${message}`);
      return false;
    }
  }

  async function pass(): Promise<number> {
    const { rows } = await db.query<Pending>(
      `select id, to_email, subject, text_body, html_body, relay_attempts from _local.mailbox
        where relayed_at is null and relay_attempts < $1 and sent_at > now() - interval '1 hour'
          and (relay_next_at is null or relay_next_at <= now())
        order by id limit 20`,
      [MAX_ATTEMPTS],
    );
    let sent = 0;
    for (const mail of rows) if (await deliver(mail)) sent++;
    return sent;
  }

  const flush = () => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => {
    flush().catch((error) => log(`[mail-relay] ${error instanceof Error ? error.message : error}`));
  }, POLL_MS);
  timer.unref();
  return {
    flush,
    async close() {
      clearInterval(timer);
      await running?.catch(() => {});
      transport.close();
    },
  };
}
