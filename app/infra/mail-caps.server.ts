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
 * - `newsletterNotice`: "this address is subscribed already", 1 an hour.
 * - `contactCopy`: the copy of a contact message to the address its sender typed, 1 an hour:
 *   a stranger typing someone else's address sends them at most one text an hour.
 *
 * Past a cap nothing is sent, and the visitor's answer stays the one any visitor gets: it must
 * not tell anything about the address.
 */
export type MailCapKind =
  | "signupMail"
  | "accountMail"
  | "existingAccountMail"
  | "newsletterNotice"
  | "contactCopy";

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
export function sendCappedMailLater(
  kind: MailCapKind,
  to: string,
  compose: () => OutgoingMail | Promise<OutgoingMail>,
): void {
  setImmediate(async () => {
    if (await takeMailCap(kind, to)) await sendMail(await compose());
  });
}

/**
 * The two kinds of account mail a visitor asks for again, each with the auth server's 60 s
 * between two mails to one address (supabase/local/auth/emails.ts `checkSendWindow`; hosted
 * GoTrue's max_frequency): confirmations (sign-up, re-send) and password resets.
 */
export type AccountMailKind = "confirmation" | "reset";

const INTERVAL = { confirmation: "confirmationInterval", reset: "resetInterval" } as const;

/**
 * Counts a mail of `kind` asked for `address` by any visitor, whatever the answer: a sign-up
 * starts the confirmation's 60 s like the auth server does.
 */
export async function noteAccountMail(kind: AccountMailKind, address: string): Promise<void> {
  await consumeRateLimit(INTERVAL[kind], [keyOf(address)]);
}

/**
 * Before a mail of `kind` is asked for `address` (re-send, reset): the seconds to wait when the
 * auth server would refuse it — one of this kind was asked for the address less than 60 s ago —
 * or when the address's cap of account mails is spent; null when the mail is counted. The
 * answer depends on what was asked for the address, never on whether it has an account, so
 * saying how long to wait tells nothing about the account.
 */
export async function accountMailWait(
  kind: AccountMailKind,
  address: string,
): Promise<number | null> {
  const interval = await consumeRateLimit(INTERVAL[kind], [keyOf(address)]);
  if (interval !== null) return interval;
  const capped = await mailCapWait("accountMail", address);
  if (capped !== null) await refundRateLimit(INTERVAL[kind], [keyOf(address)]);
  return capped;
}

/** Un-counts a mail accountMailWait counted that was not sent after all. */
export async function returnAccountMail(kind: AccountMailKind, address: string): Promise<void> {
  await refundRateLimit(INTERVAL[kind], [keyOf(address)]);
  await returnMailCap("accountMail", address);
}
