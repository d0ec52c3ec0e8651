import { pdfFileName, renderInvoicePdf } from "~/domain/invoices/pdf.server";
import type { MailAttachment } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { loadInvoiceDocument } from "./invoice-document.server";

/**
 * Invoice `id`'s PDF as a mail attachment (`JD-2026-0001.pdf`: the same document as the
 * portal's download, as it stands when the mail is written), or why it could not be made.
 */
export async function invoicePdfAttachment(
  service: AppSupabase,
  id: number,
): Promise<Result<MailAttachment>> {
  try {
    const doc = await loadInvoiceDocument(service, id);
    if (!doc) return fail("not-found", `Invoice ${id} is gone`);
    const content = await renderInvoicePdf(doc);
    return ok({ filename: pdfFileName(doc), contentType: "application/pdf", content });
  } catch (error) {
    return fail(
      "backend",
      `Invoice ${id}'s PDF: ${error instanceof Error ? error.message : error}`,
    );
  }
}
