import { data } from "react-router";
import { clientInvoice } from "~/domain/billing/client-invoices.server";
import { pdfFileName, renderInvoicePdf } from "~/domain/invoices/pdf.server";
import { pdfDownload } from "~/web/pdf-download.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/invoice-pdf";
import { clientOrganisation } from "./invoices.server";

/**
 * GET /organisations/:organisationId/invoices/:invoiceId/pdf: the invoice's PDF, in the
 * invoice's language, as a download (`JD-2026-0001.pdf`), private and never stored. Another
 * client's invoice, a draft or a made-up id is 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const supabase = getSupabase(context);
  const organisation = await clientOrganisation(supabase, params.organisationId);
  const invoice = await clientInvoice(supabase, organisation.id, params.invoiceId);
  if (!invoice.ok) {
    throw data({ message: invoice.message }, { status: invoice.kind === "not-found" ? 404 : 502 });
  }
  const { document } = invoice.value;
  const bytes = await renderInvoicePdf(document);
  return pdfDownload(bytes, pdfFileName(document));
}
