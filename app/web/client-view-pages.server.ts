import { data } from "react-router";
import { clientInvoice, organisationInvoices } from "~/domain/billing/client-invoices.server";
import { pdfFileName, renderInvoicePdf } from "~/domain/invoices/pdf.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { isPayable } from "~/routes/account/invoice.server";
import { clientOrganisation } from "~/routes/account/invoices.server";
import { clientQuotePage } from "~/routes/account/quote.server";
import { adminLoad } from "./admin-form.server";
import { openClientView } from "./client-view.server";
import { pdfDownload } from "./pdf-download.server";
import { projectFilesPage, readableProject } from "./project-files.server";
import { adminLocale } from "./site-editor.server";

/**
 * The client's Files, invoices and quote pages as its members see them, for the agency
 * (/admin/clients/:id/view/…, issue 42 item 6): each view is in the audit log first
 * (openClientView), then read with the database answering as for a member of that organisation
 * — another organisation's ids are 404 — in the admin's language. The pages offer no form:
 * where the members have one (an upload, paying, answering a quote) the page says so instead.
 */

interface ViewArgs {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  context: Parameters<typeof adminLoad>[0]["context"];
}

/** Where the view's pages of organisation `id` live. */
export const viewBase = (id: string) => `/admin/clients/${id}/view`;

async function opened(args: ViewArgs, projectParam?: string) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const viewing = await openClientView(supabase, args.params.id, projectParam);
  return { t, viewing, id: args.params.id ?? "" };
}

const i18nOf = (t: Translator, keys: Parameters<typeof bundle>[1]) =>
  bundle(t.locale, [...keys, "viewAs"]);

/** …/view/projects/:projectId/files: the project's files, no upload. */
export async function filesView(args: ViewArgs) {
  const { t, viewing, id } = await opened(args, args.params.projectId);
  const { organisation, project } = await readableProject(viewing, {
    organisationId: id,
    projectId: args.params.projectId,
  });
  return {
    organisation: { id: organisation.id, name: organisation.name },
    project: { id: project.id, title: project.title },
    ...(await projectFilesPage(viewing, project, t)),
    i18n: i18nOf(t, ["projectFiles"]),
  };
}

/** …/view/invoices: the organisation's issued invoices and credit notes. */
export async function invoicesView(args: ViewArgs) {
  const { t, viewing, id } = await opened(args);
  const organisation = await clientOrganisation(viewing, id);
  const invoices = await organisationInvoices(viewing, organisation.id);
  return {
    organisation,
    invoices: invoices.ok ? invoices.value : null,
    error: invoices.ok ? null : invoices.message,
    i18n: i18nOf(t, ["clientInvoices", "invoiceDocument"]),
  };
}

/** One issued invoice of the viewed organisation, or 404 (another client's, a draft). */
async function viewedInvoice(viewing: AppSupabase, id: string, invoiceId: string | undefined) {
  const organisation = await clientOrganisation(viewing, id);
  const invoice = await clientInvoice(viewing, organisation.id, invoiceId);
  if (!invoice.ok) {
    throw data({ message: invoice.message }, { status: invoice.kind === "not-found" ? 404 : 502 });
  }
  return { organisation, ...invoice.value };
}

/** …/view/invoices/:invoiceId: the invoice as its PDF reads; no M-Pesa form. */
export async function invoiceView(args: ViewArgs) {
  const { t, viewing, id } = await opened(args);
  const { organisation, row, document } = await viewedInvoice(viewing, id, args.params.invoiceId);
  return {
    organisation,
    invoice: { id: row.id, number: row.number, status: row.status, kind: row.kind },
    document,
    // The members have the M-Pesa form here: the view says so instead.
    payable: isPayable(row),
    i18n: i18nOf(t, ["clientInvoices", "invoiceDocument"]),
  };
}

/** …/view/invoices/:invoiceId/pdf: the invoice's PDF, as the members download it. */
export async function invoicePdfView(args: ViewArgs) {
  const { viewing, id } = await opened(args);
  const { document } = await viewedInvoice(viewing, id, args.params.invoiceId);
  return pdfDownload(await renderInvoicePdf(document), pdfFileName(document));
}

/** …/view/quotes/:quoteId: a sent quote with its answer; no accept or decline form. */
export async function quoteView(args: ViewArgs) {
  const { t, viewing, id } = await opened(args);
  const page = await clientQuotePage(
    viewing,
    { organisationId: id, quoteId: args.params.quoteId },
    t,
    (invoice) => `${viewBase(invoice.organisation_id)}/invoices/${invoice.id}`,
  );
  return { ...page, i18n: { ...page.i18n, ...bundle(t.locale, ["viewAs"]) } };
}
