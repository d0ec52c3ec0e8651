import { createHmac, timingSafeEqual } from "node:crypto";
import { isLocale, localizePath } from "~/i18n/locale";
import { sessionSecret, siteUrl } from "~/infra/env.server";

/**
 * Signed newsletter links: `<subscriber id>.<expiry, unix seconds or 0>.<HMAC-SHA256>` where the
 * MAC covers the purpose, the id, the expiry and the subscriber's address, keyed from
 * SESSION_SECRET. A link cannot be moved to another address or purpose, nor its expiry changed.
 * Confirmation links last 7 days; unsubscribe links do not expire (RFC 8058 links live in old
 * mail). A confirmation link's MAC also covers the subscription's `confirmation_sent_at`, the
 * time its mail was sent: a newer confirmation mail retires the links of the older ones.
 */
export type LinkPurpose = "confirm" | "unsubscribe";

export const CONFIRM_LINK_DAYS = 7;

/** The state a confirmation link is bound to: when its mail was sent (ms), or "" before any. */
function sentState(sentAt: string | null | undefined): string {
  const ms = sentAt ? Date.parse(sentAt) : Number.NaN;
  return Number.isFinite(ms) ? String(ms) : "";
}

function mac(
  purpose: LinkPurpose,
  id: number,
  expires: number,
  email: string,
  state: string,
): string {
  const key = createHmac("sha256", sessionSecret()).update("newsletter-links/v1").digest();
  const bound = purpose === "confirm" && state ? `\n${state}` : "";
  return createHmac("sha256", key)
    .update(`${purpose}\n${id}\n${expires}\n${email.trim().toLowerCase()}${bound}`)
    .digest("base64url");
}

export function signLink(
  purpose: LinkPurpose,
  subscriber: { id: number; email: string; confirmation_sent_at?: string | null },
  now = Date.now(),
): string {
  const expires =
    purpose === "confirm" ? Math.floor(now / 1000) + CONFIRM_LINK_DAYS * 24 * 3600 : 0;
  const state = sentState(subscriber.confirmation_sent_at);
  return `${subscriber.id}.${expires}.${mac(purpose, subscriber.id, expires, subscriber.email, state)}`;
}

/** The parts of a token, before its signature is checked (that needs the stored address). */
export function readToken(
  token: string | null | undefined,
  now = Date.now(),
): { id: number; expires: number; signature: string } | "malformed" | "expired" {
  const match = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return "malformed";
  const expires = Number(match[2]);
  if (expires !== 0 && expires * 1000 < now) return "expired";
  return { id: Number(match[1]), expires, signature: match[3] as string };
}

/** Whether the token was signed for this purpose, id, expiry, address and (confirm) mail. */
export function signatureMatches(
  purpose: LinkPurpose,
  parts: { id: number; expires: number; signature: string },
  email: string,
  confirmationSentAt?: string | null,
): boolean {
  const state = sentState(confirmationSentAt);
  const expected = Buffer.from(mac(purpose, parts.id, parts.expires, email, state));
  const given = Buffer.from(parts.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A subscriber as its links need it: `lang` (default English) is the language of the pages. */
export interface LinkSubscriber {
  id: number;
  email: string;
  lang?: string | null;
  /** When its confirmation mail was sent: confirmation links are bound to it. */
  confirmation_sent_at?: string | null;
}

function linkUrl(purpose: LinkPurpose, subscriber: LinkSubscriber): string {
  const path = localizePath(
    `/newsletter/${purpose}`,
    isLocale(subscriber.lang) ? subscriber.lang : "en",
  );
  return `${siteUrl()}${path}?token=${signLink(purpose, subscriber)}`;
}

export function confirmUrl(subscriber: LinkSubscriber): string {
  return linkUrl("confirm", subscriber);
}

export function unsubscribeUrl(subscriber: LinkSubscriber): string {
  return linkUrl("unsubscribe", subscriber);
}

/** RFC 2369 + RFC 8058 headers every mail to a subscriber carries. */
export function unsubscribeHeaders(subscriber: LinkSubscriber) {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(subscriber)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
