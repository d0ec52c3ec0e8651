import { type OutgoingMail, sendMail } from "./mail.server";
import { consumeRateLimit, refundRateLimit } from "./rate-limit.server";

/**
 * Caps per recipient address on the mails a visitor can have the site — or its auth server —
 * send to an address of the visitor's choosing (mail bombing). The counters are the rate-limit
 * store's (`RATE_LIMITS` in app/infra/rate-limit.server.ts: shared by the cluster's workers and,
 * with REDIS_URL, by every instance), keyed by the recipient whatever the client address, so
 * rotating client addresses does not help. Each adds to the auth server's own 60 s between two
 * mails of one kind to one user (supabase/local/auth/emails.ts; hosted GoTrue alike).
 *
 * - `signupMail`: sign-ups, 5 an hour. Past it the auth server is not asked at all: the address
 *   was signed up this hour already, so a sign-up could only re-send its confirmation.
 * - `accountMail`: "resend confirmation" and password resets together, 5 an hour.
 * - `existingAccountMail`: "someone tried to sign up with your address", 1 an hour.
 *
 * Past a cap nothing is sent, and the visitor's answer stays the one any visitor gets: it must
 * not tell anything about the address.
 */
export type MailCapKind = "signupMail" | "accountMail" | "existingAccountMail";

const keyOf = (address: string) => `to:${address.trim()}`;

/** Counts one mail of `kind` to `address`; false when its cap is spent (then send nothing). */
export async function takeMailCap(kind: MailCapKind, address: string): Promise<boolean> {
  return (await mailCapWait(kind, address)) === null;
}

/** Like takeMailCap, for answers that say how long to wait: the seconds, or null when counted. */
export function mailCapWait(kind: MailCapKind, address: string): Promise<number | null> {
  return consumeRateLimit(kind, [keyOf(address)]);
}

/** Un-counts a mail takeMailCap counted that was not sent after all (the request failed). */
export function returnMailCap(kind: MailCapKind, address: string): Promise<void> {
  return refundRateLimit(kind, [keyOf(address)]);
}

/**
 * Sends after the answer, within `kind`'s cap for the recipient: the cap is looked up after the
 * answer too, so its time never tells a visitor which branch ran.
 */
export function sendCappedMailLater(kind: MailCapKind, mail: OutgoingMail): void {
  setImmediate(async () => {
    if (await takeMailCap(kind, mail.to)) await sendMail(mail);
  });
}
