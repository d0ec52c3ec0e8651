import { data } from "react-router";
import { loadInvoiceDocument } from "~/domain/billing/invoice-document.server";
import { idOf } from "~/domain/billing/invoices.server";
import { pdfFileName, renderInvoicePdf } from "~/domain/invoices/pdf.server";
import { pdfDownload } from "~/web/pdf-download.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/invoice-pdf";

/** /admin/invoices/:id/pdf — the invoice's PDF as the client gets it (drafts too, unnumbered). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const doc = id === undefined ? null : await loadInvoiceDocument(getSupabase(context), id);
  if (!doc) throw data({ message: "There is no such invoice." }, { status: 404 });
  const bytes = await renderInvoicePdf(doc);
  const name = doc.number ? pdfFileName(doc) : `draft-${id}.pdf`;
  return pdfDownload(bytes, name);
}
