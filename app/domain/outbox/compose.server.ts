import addressparser from "nodemailer/lib/addressparser";
import { invitationMail } from "~/domain/access/invitations.server";
import { billingMail } from "~/domain/billing/quote-mail.server";
import { BARE_ADDRESS } from "~/domain/email-field.server";
import { confirmationMail } from "~/domain/newsletter/consent.server";
import { decisionMail } from "~/domain/portal/decision-mails.server";
import { deliverableReminderMail } from "~/domain/portal/deliverable-reminders.server";
import { projectMessagesMail } from "~/domain/portal/message-mails.server";
import { getSiteConfig } from "~/domain/site/config.server";
import { serviceTitles } from "~/domain/site/service-titles.server";
import { dateTime } from "~/i18n/format";
import { isLocale } from "~/i18n/locale";
import type { Tables } from "~/infra/database.types";
import { agencyTimeZone, siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { phoneOf } from "~/lib/phone";
import { fail, ok, type Result } from "~/lib/result";
import { clipCodePoints } from "~/lib/text";

/** What each kind of outbox row sends; null when its row is gone (nothing left to send). */
export type OutboxRow = Pick<Tables<"mail_outbox">, "id" | "kind" | "ref_id" | "attempts">;

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

/**
 * The Reply-To of a sender's stored address: the one address a mail header parser reads in it
 * (nodemailer's, the one that writes the header), when that is a bare address — no display name
 * kept, no group, no second address. Messages stored before the contact form took bare
 * addresses only (app/domain/email-field.server.ts) may hold more; then there is no Reply-To.
 */
export function replyToOf(stored: string): string | undefined {
  const parsed = addressparser(oneLine(stored));
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || only.group || !BARE_ADDRESS.test(only.address)) return undefined;
  return only.address;
}

/**
 * Where the agency gets its notices, the names of its services (the site's settings) and its
 * time zone (AGENCY_TIME_ZONE, as the admin area shows times).
 */
export interface AgencyInbox {
  email: string;
  serviceTitle(slug: string | null): string | null;
  timeZone: string;
}

/** The agency's notices are written in English (the admin area's language by default). */
const NOTICE_LOCALE = "en";

/** The agency's notice of a new contact message (Reply-To: the sender's bare address). */
export function contactNotification(
  message: Pick<
    Tables<"contact_messages">,
    "id" | "name" | "email" | "message" | "service" | "created_at" | "user_id"
  > & { phone?: string | null },
  agency: AgencyInbox,
): OutgoingMail {
  const link = `${siteUrl()}/admin/messages/${message.id}`;
  const service = agency.serviceTitle(message.service);
  const replyTo = replyToOf(message.email);
  const phone = phoneOf(message.phone);
  const lines = [
    `From: ${oneLine(message.name)} <${oneLine(message.email)}>`,
    `Sent: ${dateTime(message.created_at, NOTICE_LOCALE, agency.timeZone, "long")}${message.user_id ? " (signed-in account)" : ""}`,
    ...(service ? [`Service: ${service}`] : []),
    ...(phone ? [`Phone or WhatsApp: ${phone.display} (${phone.e164})`] : []),
    "",
    message.message,
    "",
    `Open it in the inbox: ${link}`,
  ];
  return {
    to: agency.email,
    subject: `New message from ${clipCodePoints(oneLine(message.name), 100)}`,
    text: `${lines.join("\n")}\n`,
    links: [link],
    headers: replyTo ? { "Reply-To": replyTo } : undefined,
  };
}

export async function composeMail(
  service: AppSupabase,
  row: OutboxRow,
): Promise<Result<OutgoingMail | null>> {
  if (row.kind === "contact_notification") {
    const { data, error } = await service
      .from("contact_messages")
      .select("id, name, email, message, service, created_at, user_id, phone")
      .eq("id", row.ref_id)
      .maybeSingle();
    if (error) return fail("backend", error.message);
    if (!data) return ok(null);
    const [site, serviceTitle] = await Promise.all([getSiteConfig(), serviceTitles()]);
    return ok(
      contactNotification(data, { email: site.email, serviceTitle, timeZone: agencyTimeZone() }),
    );
  }
  if (row.kind === "newsletter_confirmation") {
    const { data, error } = await service
      .from("newsletter_subscribers")
      .select("id, email, status, lang")
      .eq("id", row.ref_id)
      .maybeSingle();
    if (error) return fail("backend", error.message);
    if (data?.status !== "pending") return ok(null);
    // The link is signed for this mail: the links of older ones stop working
    // (app/domain/newsletter/links.server.ts).
    const sentAt = new Date().toISOString();
    const { error: stampError } = await service
      .from("newsletter_subscribers")
      .update({ confirmation_sent_at: sentAt })
      .eq("id", data.id);
    if (stampError) return fail("backend", stampError.message);
    const { brandName } = await getSiteConfig(isLocale(data.lang) ? data.lang : "en");
    return ok(confirmationMail({ ...data, confirmation_sent_at: sentAt }, brandName));
  }
  if (row.kind === "organisation_invitation") return invitationMail(service, row.ref_id);
  if (row.kind === "deliverable_reminder") return deliverableReminderMail(service, row.ref_id);
  if (row.kind === "decision_mail") return decisionMail(service, row.ref_id);
  if (row.kind === "project_messages") return projectMessagesMail(service, row.ref_id);
  if (row.kind === "billing_mail") return billingMail(service, row.ref_id);
  return fail("invalid", `Unknown outbox kind ${row.kind}`);
}
