import type { MessageKey } from "~/i18n/messages";
import type { DocumentKind, DocumentStatus, InvoiceDocument } from "./document";

/**
 * The words of a document's title and status (namespace invoiceDocument of the catalogues): the
 * PDF and the invoice page name them alike. The page's loader can send
 * `bundle(locale, ["invoiceDocument"])` and look the words up with these keys.
 */
const TITLE: Record<DocumentKind, MessageKey> = {
  invoice: "invoiceDocument.title.invoice",
  credit_note: "invoiceDocument.title.credit_note",
  quote: "invoiceDocument.title.quote",
};

const STATUS: Record<DocumentStatus, MessageKey> = {
  draft: "invoiceDocument.status.draft",
  issued: "invoiceDocument.status.issued",
  partly_paid: "invoiceDocument.status.partly_paid",
  paid: "invoiceDocument.status.paid",
  overdue: "invoiceDocument.status.overdue",
  void: "invoiceDocument.status.void",
  sent: "invoiceDocument.status.sent",
  accepted: "invoiceDocument.status.accepted",
  declined: "invoiceDocument.status.declined",
  expired: "invoiceDocument.status.expired",
};

/** An "avoir" is masculine in French: a credit note says its status in words of its own. */
const CREDIT_NOTE_STATUS: Partial<Record<DocumentStatus, MessageKey>> = {
  issued: "invoiceDocument.creditNoteStatus.issued",
  void: "invoiceDocument.creditNoteStatus.void",
};

/** "Partly paid" · "Imelipwa kiasi" · "Payée en partie"… for a list row as for a document. */
export function statusKey(doc: Pick<InvoiceDocument, "kind" | "status">): MessageKey {
  const own = doc.kind === "credit_note" ? CREDIT_NOTE_STATUS[doc.status] : undefined;
  return own ?? STATUS[doc.status];
}

/** "Tax invoice" · "Credit note" · "Quotation" in the catalogue. */
export function titleKey(kind: DocumentKind): MessageKey {
  return TITLE[kind];
}
