import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { fail, ok, type Result } from "~/lib/result";
import { env } from "./env.server";

/** An e-mail the site itself sends (not the auth server's own mails). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links?: string[];
  /** Extra headers (Reply-To, List-Unsubscribe…); values must not contain line breaks. */
  headers?: Record<string, string>;
  /**
   * Files sent with the mail (an invoice's PDF). The local mailbox takes at most 5, each at most
   * 2 MB, with a plain file name and a type among application/pdf, image/png, image/jpeg,
   * text/calendar and text/csv (supabase/local/mailbox-input.ts); keep to that everywhere.
   */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

let smtp: { url: string; transporter: Transporter } | undefined;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * The SMTP transport of SMTP_URL: `smtps://` is TLS from the first byte; `smtp://` must upgrade
 * with STARTTLS (a mail catcher on loopback may stay plain). Certificates are verified.
 */
function smtpTransport(url: string): Transporter {
  if (smtp?.url === url) return smtp.transporter;
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (secure ? 465 : 587),
    secure,
    requireTLS: !secure && !LOOPBACK.has(parsed.hostname),
    auth: parsed.username
      ? {
          user: decodeURIComponent(parsed.username),
          pass: decodeURIComponent(parsed.password),
        }
      : undefined,
    tls: { minVersion: "TLSv1.2" },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  smtp = { url, transporter };
  return transporter;
}

/** What nodemailer sends for `mail` (exported for the unit test with a stub transport). */
export function smtpMessage(mail: OutgoingMail, from: string): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength),
    })),
  };
}

async function viaSmtp(url: string, mail: OutgoingMail): Promise<Result> {
  await smtpTransport(url).sendMail(smtpMessage(mail, env().MAIL_FROM));
  return ok();
}

/** The JSON the local mailbox takes (supabase/local/mailbox-input.ts): attachments in base64. */
export function localMailboxBody(mail: OutgoingMail): string {
  return JSON.stringify({
    ...mail,
    links: mail.links ?? [],
    attachments: mail.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(
        file.content.buffer,
        file.content.byteOffset,
        file.content.byteLength,
      ).toString("base64"),
    })),
  });
}

async function viaLocalMailbox(mailbox: string, key: string, mail: OutgoingMail): Promise<Result> {
  const response = await fetch(mailbox, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}`, apikey: key },
    body: localMailboxBody(mail),
    signal: AbortSignal.timeout(env().SUPABASE_TIMEOUT_MS),
  });
  if (response.ok) {
    await response.body?.cancel();
    return ok();
  }
  // Its reason (e.g. an attachment it refuses) goes into the outbox's error, clipped.
  const reason = (await response.text().catch(() => "")).slice(0, 300);
  return fail("backend", `The local mailbox answered ${response.status}. ${reason}`.trim());
}

/**
 * Delivers one mail: through SMTP when SMTP_URL is set, else (embedded mode) into the local
 * mailbox on the backend's loopback port with the service-role key. Never throws; the failure
 * says why (the outbox keeps it and tries again).
 */
export async function deliverMail(mail: OutgoingMail): Promise<Result> {
  const { SMTP_URL, LOCAL_MAILBOX_URL, SUPABASE_SERVICE_ROLE_KEY } = env();
  try {
    if (SMTP_URL) return await viaSmtp(SMTP_URL, mail);
    if (LOCAL_MAILBOX_URL && SUPABASE_SERVICE_ROLE_KEY) {
      return await viaLocalMailbox(LOCAL_MAILBOX_URL, SUPABASE_SERVICE_ROLE_KEY, mail);
    }
    return fail("unavailable", "No mail transport is configured: set SMTP_URL.");
  } catch (error) {
    return fail("backend", error instanceof Error ? error.message : String(error));
  }
}

/** Delivers a mail and logs (never throws) when it could not go out. */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  const sent = await deliverMail(mail);
  if (!sent.ok) console.warn(`[mail] not sent: "${mail.subject}": ${sent.message}`);
  return sent.ok;
}
