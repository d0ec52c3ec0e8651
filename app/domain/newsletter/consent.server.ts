import type { OutgoingMail } from "~/infra/mail.server";
import { serviceRoleClient } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import {
  confirmUrl,
  type LinkPurpose,
  readToken,
  signatureMatches,
  unsubscribeHeaders,
  unsubscribeUrl,
} from "./links.server";

/**
 * Double opt-in and unsubscribing. The visitor's link is the proof: its signature is checked
 * against the stored address, then the row changes with the service role (visitors have no
 * rights on the table). Consent is recorded as `confirmed_at`.
 */
export const LINK_INVALID = "This link is not valid. Please use the newest link we sent you.";
export const LINK_EXPIRED =
  "This confirmation link has expired. Subscribe again and we will send you a new one.";
const NO_SERVICE = "Newsletter links cannot be handled right now. Please try again later.";
const RESEND_AFTER_MS = 10 * 60 * 1000;

interface Row {
  id: number;
  email: string;
  status: string;
  confirmation_sent_at?: string | null;
}

async function subscriberFor(purpose: LinkPurpose, token: string | null): Promise<Result<Row>> {
  const parts = readToken(token);
  if (parts === "expired") return fail("invalid", LINK_EXPIRED);
  if (parts === "malformed") return fail("invalid", LINK_INVALID);
  const service = serviceRoleClient();
  if (!service) return fail("unavailable", NO_SERVICE);
  const { data, error } = await service
    .from("newsletter_subscribers")
    .select("id, email, status")
    .eq("id", parts.id)
    .maybeSingle();
  if (error) return fail("unavailable", NO_SERVICE);
  if (!data || !signatureMatches(purpose, parts, data.email)) return fail("invalid", LINK_INVALID);
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

/** Confirms the subscription of the link (idempotent). */
export async function confirmSubscription(
  token: string | null,
): Promise<Result<{ email: string }>> {
  const found = await subscriberFor("confirm", token);
  if (!found.ok) return found;
  if (found.value.status !== "confirmed") {
    const { error } = await serviceRoleClient()!
      .from("newsletter_subscribers")
      .update({
        status: "confirmed",
        confirmed_at: new Date().toISOString(),
        unsubscribed_at: null,
      })
      .eq("id", found.value.id);
    if (error) return fail("unavailable", NO_SERVICE);
  }
  return ok({ email: found.value.email });
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
    if (error) return fail("unavailable", NO_SERVICE);
  }
  return ok({ email: found.value.email });
}

/**
 * A repeated sign-up of an address that is not confirmed asks for a fresh confirmation: at once
 * after an unsubscribe, at most every 10 minutes while one is pending. Runs after the answer: the form says the
 * same thing whether or not the address was known.
 */
export async function requestConfirmationAgain(email: string): Promise<void> {
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
  if (!data || data.status === "confirmed") return;
  const last = data.confirmation_sent_at ? Date.parse(data.confirmation_sent_at) : 0;
  if (data.status === "pending" && Date.now() - last < RESEND_AFTER_MS) return;
  await service
    .from("newsletter_subscribers")
    .update({ status: "pending", confirmation_sent_at: new Date().toISOString() })
    .eq("id", data.id);
  await service.from("mail_outbox").insert({ kind: "newsletter_confirmation", ref_id: data.id });
}

/** The confirmation mail of a subscriber (it carries the unsubscribe link and headers too). */
export function confirmationMail(
  subscriber: { id: number; email: string },
  brand: string,
): OutgoingMail {
  const confirm = confirmUrl(subscriber);
  const leave = unsubscribeUrl(subscriber);
  return {
    to: subscriber.email,
    subject: `Confirm your subscription to the ${brand} newsletter`,
    text: `Please confirm that you want our newsletter at this address:\n\n${confirm}\n\nThe link is valid for 7 days. If you did not ask for it, ignore this mail and nothing will be sent to you.\n\nUnsubscribe at any time: ${leave}\n`,
    links: [confirm, leave],
    headers: unsubscribeHeaders(subscriber),
  };
}
