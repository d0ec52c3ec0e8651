import { env } from "./env.server";

/** An e-mail the site itself sends (not the auth server's own mails). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links?: string[];
}

/**
 * Delivers a mail: in embedded mode into the local mailbox (the backend's loopback port, with
 * the service-role key); otherwise it is logged as not sent. Never throws: a mail that cannot
 * go out must not break the request that caused it.
 */
export async function sendMail(mail: OutgoingMail): Promise<boolean> {
  const { LOCAL_MAILBOX_URL: mailbox, SUPABASE_SERVICE_ROLE_KEY: key } = env();
  if (!mailbox || !key) {
    console.warn(`[mail] no mail transport configured; not sent: "${mail.subject}"`);
    return false;
  }
  try {
    const response = await fetch(mailbox, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}`, apikey: key },
      body: JSON.stringify({ ...mail, links: mail.links ?? [] }),
      signal: AbortSignal.timeout(env().SUPABASE_TIMEOUT_MS),
    });
    if (!response.ok) console.warn(`[mail] mailbox answered ${response.status}`);
    return response.ok;
  } catch (error) {
    console.warn(`[mail] not sent: ${error instanceof Error ? error.message : error}`);
    return false;
  }
}

/** Sends without waiting: the answer to the visitor must not depend on it (timing included). */
export function sendMailLater(mail: OutgoingMail): void {
  setImmediate(() => void sendMail(mail));
}
