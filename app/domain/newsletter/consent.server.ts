import { getSiteConfig } from "~/domain/site/config.server";
import { failWith } from "~/i18n/failures.server";
import { isLocale, type Locale } from "~/i18n/locale";
import { english, translate } from "~/i18n/translate.server";
import type { OutgoingMail } from "~/infra/mail.server";
import { sendCappedMailLater } from "~/infra/mail-caps.server";
import { serviceRoleClient } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import {
  CONFIRM_LINK_DAYS,
  confirmUrl,
  type LinkPurpose,
  type LinkSubscriber,
  readToken,
  signatureMatches,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "./links.server";

/**
 * Double opt-in and unsubscribing. The visitor's link is the proof: its signature is checked
 * against the stored address, then the row changes with the service role (visitors have no
 * rights on the table). Consent is recorded as `confirmed_at`. Failures carry their catalogue
 * key: the link pages answer in their language.
 */
export const LINK_INVALID = english("newsletterLink.invalid");
export const LINK_EXPIRED = english("newsletterLink.expired");
const noService = () => failWith("unavailable", "newsletterLink.unavailable");
/** Mail bombing: at most one confirmation mail an hour to a pending address (SECURITY.md). */
const RESEND_AFTER_MS = 60 * 60 * 1000;

interface Row {
  id: number;
  email: string;
  status: string;
  confirmation_sent_at?: string | null;
}

async function subscriberFor(purpose: LinkPurpose, token: string | null): Promise<Result<Row>> {
  const parts = readToken(token);
  if (parts === "expired") return failWith("invalid", "newsletterLink.expired");
  if (parts === "malformed") return failWith("invalid", "newsletterLink.invalid");
  const service = serviceRoleClient();
  if (!service) return noService();
  const { data, error } = await service
    .from("newsletter_subscribers")
    .select("id, email, status, confirmation_sent_at")
    .eq("id", parts.id)
    .maybeSingle();
  if (error) return noService();
  if (!data || !signatureMatches(purpose, parts, data.email, data.confirmation_sent_at)) {
    return failWith("invalid", "newsletterLink.invalid");
  }
  // A confirmation link is bound to its mail (links.server.ts) and to a subscription that is
  // still wanted: after an unsubscribe it never subscribes the address again.
  if (purpose === "confirm" && data.status === "unsubscribed") {
    return failWith("invalid", "newsletterLink.invalid");
  }
  return ok(data);
}

/** Checks a link without using it (the page a link opens shows a button; mail scanners only GET). */
export async function checkLink(
  purpose: LinkPurpose,
  token: string | null,
): Promise<Result<{ email: string; status: string }>> {
  const found = await subscriberFor(purpose, token);
  return found.ok ? ok({ email: found.value.email, status: found.value.status }) : found;
}

/**
 * Confirms the subscription of the link, once: pending → confirmed. Pressed again while the
 * subscription is confirmed it changes nothing; once the address unsubscribed, or a newer
 * confirmation mail left, the link is refused (subscriberFor).
 */
export async function confirmSubscription(
  token: string | null,
): Promise<Result<{ email: string; confirmedNow: boolean }>> {
  const found = await subscriberFor("confirm", token);
  if (!found.ok) return found;
  if (found.value.status === "pending") {
    // Only from the state the link was checked against: an unsubscribe in between wins.
    const { data, error } = await serviceRoleClient()!
      .from("newsletter_subscribers")
      .update({
        status: "confirmed",
        confirmed_at: new Date().toISOString(),
        unsubscribed_at: null,
      })
      .eq("id", found.value.id)
      .eq("status", "pending")
      .select("id");
    if (error) return noService();
    if (!data?.length) return failWith("invalid", "newsletterLink.invalid");
  }
  return ok({ email: found.value.email, confirmedNow: found.value.status === "pending" });
}

/** Unsubscribes the address of the link (idempotent, no sign-in). */
export async function unsubscribe(token: string | null): Promise<Result<{ email: string }>> {
  const found = await subscriberFor("unsubscribe", token);
  if (!found.ok) return found;
  if (found.value.status !== "unsubscribed") {
    const { error } = await serviceRoleClient()!
      .from("newsletter_subscribers")
      .update({ status: "unsubscribed", unsubscribed_at: new Date().toISOString() })
      .eq("id", found.value.id);
    if (error) return noService();
  }
  return ok({ email: found.value.email });
}

/**
 * A repeated sign-up of an address that is not confirmed asks for a fresh confirmation: at once
 * after an unsubscribe (by the owner's own link), at most once an hour while one is pending, in
 * the language of this sign-up. The new mail retires the links of the older ones. Runs after the answer: the form says the same thing whether or not the address was
 * known.
 */
export async function requestConfirmationAgain(email: string, lang: Locale = "en"): Promise<void> {
  const service = serviceRoleClient();
  if (!service) return;
  const { data } = await service
    .from("newsletter_subscribers")
    .select("id, email, status, confirmation_sent_at")
    .ilike(
      "email",
      email.replace(/[\\%_]/g, (c) => `\\${c}`),
    )
    .maybeSingle();
  if (!data) return;
  if (data.status === "confirmed") {
    // "Check your inbox" holds for a subscribed address too: it is told it is subscribed.
    sendCappedMailLater("newsletterNotice", data.email, async () =>
      alreadySubscribedMail({ ...data, lang }, (await getSiteConfig(lang)).brandName),
    );
    return;
  }
  const last = data.confirmation_sent_at ? Date.parse(data.confirmation_sent_at) : 0;
  if (data.status === "pending" && Date.now() - last < RESEND_AFTER_MS) return;
  await service
    .from("newsletter_subscribers")
    .update({ status: "pending", confirmation_sent_at: new Date().toISOString(), lang })
    .eq("id", data.id);
  await service.from("mail_outbox").insert({ kind: "newsletter_confirmation", ref_id: data.id });
}

/** The mail a subscribed address gets when it is signed up again (with its unsubscribe link). */
export function alreadySubscribedMail(subscriber: LinkSubscriber, brand: string): OutgoingMail {
  const lang = isLocale(subscriber.lang) ? subscriber.lang : "en";
  const leave = unsubscribeUrl(subscriber);
  return {
    to: subscriber.email,
    subject: translate(lang, "newsletterMail.alreadySubject", { brand }),
    text: `${translate(lang, "newsletterMail.alreadyText", { brand, unsubscribe: leave })}\n`,
    links: [leave],
    headers: unsubscribeHeaders(subscriber),
  };
}

/**
 * The confirmation mail of a subscriber, in the language it subscribed in (it carries the
 * unsubscribe link and headers too).
 */
export function confirmationMail(subscriber: LinkSubscriber, brand: string): OutgoingMail {
  const lang = isLocale(subscriber.lang) ? subscriber.lang : "en";
  const confirm = confirmUrl(subscriber);
  const leave = unsubscribeUrl(subscriber);
  return {
    to: subscriber.email,
    subject: translate(lang, "newsletterMail.subject", { brand }),
    text: `${translate(lang, "newsletterMail.text", { brand, confirm, days: CONFIRM_LINK_DAYS, unsubscribe: leave })}\n`,
    links: [confirm, leave],
    headers: unsubscribeHeaders(subscriber),
  };
}
