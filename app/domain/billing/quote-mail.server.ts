import { type NotificationKind, wantsMail } from "~/domain/accounts/notification-prefs";
import { backendFailure } from "~/domain/admin/queries.server";
import { formatCents } from "~/domain/invoices/money";
import { getSiteConfig } from "~/domain/site/config.server";
import { longDate } from "~/i18n/format";
import { isLocale, type Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { invoicePdfAttachment } from "./invoice-attachment.server";
import { paymentMail } from "./payment-mails.server";

/**
 * The mails of quotes and invoices (outbox kind `billing_mail`, one billing_mails row per
 * recipient; 20261220100001_billing_mails.sql): a sent quote, and the deposit invoice issued
 * when a quote is accepted. Each goes to the client's owners and members and to the people
 * invited and not yet signed up, in the document's language, with a link to its portal page.
 * An invoice's mail carries its PDF (the document its page shows, rendered as the download is);
 * when the PDF cannot be made the mail fails and the outbox tries it again, never sent without.
 */

/**
 * The addresses of a client's owners, members and pending invitees (as the service role);
 * with `optional`, without the people who turned that kind of mail off on /profile.
 */
export async function clientAddresses(
  service: AppSupabase,
  organisationId: string,
  optional?: NotificationKind,
) {
  const [members, invitations] = await Promise.all([
    service
      .from("organisation_members")
      .select("user_id")
      .eq("organisation_id", organisationId)
      .in("role", ["owner", "member"]),
    service
      .from("organisation_invitations")
      .select("email")
      .eq("organisation_id", organisationId)
      .is("accepted_at", null)
      .gt("expires_at", new Date().toISOString()),
  ]);
  const addresses = new Set<string>();
  for (const member of members.data ?? []) {
    const person = await service.auth.admin.getUserById(member.user_id);
    const email = person.data.user?.email;
    if (optional && !wantsMail(person.data.user, optional)) continue;
    if (email) addresses.add(email.toLowerCase());
  }
  for (const invitation of invitations.data ?? []) addresses.add(invitation.email.toLowerCase());
  return [...addresses];
}

/**
 * Queues the mail of a sent quote or an issued invoice to each of its client's people (the
 * caller kicks the outbox: this module is the outbox's, so it does not import it).
 */
export async function queueBillingMails(
  service: AppSupabase,
  document: {
    kind: "quote_sent" | "invoice_issued";
    id: number;
    organisationId: string;
    locale: string;
  },
): Promise<Result<number>> {
  const addresses = await clientAddresses(service, document.organisationId);
  if (addresses.length === 0) return ok(0);
  const locale = isLocale(document.locale) ? document.locale : "en";
  const { error } = await service.from("billing_mails").insert(
    addresses.map((email) => ({
      kind: document.kind,
      quote_id: document.kind === "quote_sent" ? document.id : null,
      invoice_id: document.kind === "invoice_issued" ? document.id : null,
      email,
      locale,
    })),
  );
  if (error) return backendFailure(error);
  return ok(addresses.length);
}

/** The mail of outbox row `id` (a billing_mails row); null when its document is gone. */
export async function billingMail(
  service: AppSupabase,
  id: number,
): Promise<Result<OutgoingMail | null>> {
  const { data: row, error } = await service
    .from("billing_mails")
    .select("kind, quote_id, invoice_id, email, locale")
    .eq("id", id)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!row) return ok(null);
  // Receipts, notices and reminders: payment-mails.server.ts.
  if (row.kind !== "quote_sent" && row.kind !== "invoice_issued") return paymentMail(service, id);
  const locale: Locale = isLocale(row.locale) ? row.locale : "en";
  if (row.kind === "quote_sent" && row.quote_id)
    return quoteMail(service, row.quote_id, row.email, locale);
  if (row.kind === "invoice_issued" && row.invoice_id) {
    return invoiceMail(service, row.invoice_id, row.email, locale);
  }
  // Another kind's composer is not wired here: the row is kept (and retried), never dropped.
  return fail("invalid", `No composer for billing mail kind ${row.kind}`);
}

async function quoteMail(service: AppSupabase, quoteId: number, to: string, locale: Locale) {
  const { data: quote, error } = await service
    .from("quotes")
    .select("id, number, title, status, total_cents, valid_until, organisation_id")
    .eq("id", quoteId)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!quote || quote.status === "draft" || !quote.number) return ok(null);
  const t = translator(locale);
  const link = `${siteUrl()}${t.path(`/organisations/${quote.organisation_id}/quotes/${quote.id}`)}`;
  const [{ brandName }, organisation] = await Promise.all([
    getSiteConfig(locale),
    service.from("organisations").select("name").eq("id", quote.organisation_id).maybeSingle(),
  ]);
  const values = {
    brand: brandName,
    number: quote.number,
    title: quote.title,
    organisation: organisation.data?.name ?? "",
    total: formatCents(quote.total_cents, locale),
    validUntil: longDate(quote.valid_until, locale),
    link,
  };
  return ok({
    to,
    subject: t("quotes.mail.subject", values),
    text: t("quotes.mail.text", values),
    links: [link],
  } satisfies OutgoingMail);
}

async function invoiceMail(service: AppSupabase, invoiceId: number, to: string, locale: Locale) {
  const { data: invoice, error } = await service
    .from("invoices")
    .select("id, number, title, status, total_cents, due_date, organisation_id, quote_id")
    .eq("id", invoiceId)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!invoice?.number || invoice.status === "void") return ok(null);
  const t = translator(locale);
  const link = `${siteUrl()}${t.path(`/organisations/${invoice.organisation_id}/invoices/${invoice.id}`)}`;
  const [{ brandName }, pdf] = await Promise.all([
    getSiteConfig(locale),
    invoicePdfAttachment(service, invoice.id),
  ]);
  if (!pdf.ok) return pdf;
  const values = {
    brand: brandName,
    number: invoice.number,
    title: invoice.title,
    total: formatCents(invoice.total_cents, locale),
    dueDate: longDate(invoice.due_date, locale),
    link,
  };
  return ok({
    to,
    subject: t("quotes.invoiceMail.subject", values),
    // The deposit an accepted quote opened thanks for the acceptance; another invoice does not.
    text: t(invoice.quote_id ? "quotes.invoiceMail.text" : "quotes.invoiceMail.textIssued", values),
    links: [link],
    attachments: [pdf.value],
  } satisfies OutgoingMail);
}
