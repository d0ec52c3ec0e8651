import {
  buildDocument,
  type DocumentInput,
  type DocumentKind,
  documentNumber,
  type InvoiceDocument,
} from "~/domain/invoices/document";
import type { Locale } from "~/i18n/locale";

/** An agency, a client and a few lines as the invoice tests and mails use them. */
export const AGENCY = {
  name: "Jenga Digital Ltd",
  address: ["Ngong Road, Kilimani", "P.O. Box 12345-00100 Nairobi"],
  kraPin: "P051234567A",
  phone: "0712 345 678",
  email: "billing@jenga.test",
} as const;

export const CLIENT = {
  organisation: "Ushirika Sacco",
  contact: "Wanjiru Kamau",
  address: ["Moi Avenue", "Mombasa"],
  kraPin: "P059876543Z",
  email: "wanjiru@ushirika.test",
} as const;

export const PAYBILL = "247247";

const STATUS = { invoice: "partly_paid", credit_note: "issued", quote: "sent" } as const;

/** A document of `kind` in `language`: two VAT lines and a zero-rated one, a first payment. */
export function sampleDocument(
  kind: DocumentKind,
  language: Locale,
  overrides: Partial<DocumentInput> = {},
): InvoiceDocument {
  return buildDocument({
    kind,
    number: documentNumber(kind, 2026, 7),
    corrects: kind === "credit_note" ? documentNumber("invoice", 2026, 3) : null,
    issueDate: "2026-11-29",
    dueDate: kind === "credit_note" ? null : "2026-12-13",
    language,
    status: STATUS[kind],
    agency: AGENCY,
    client: CLIENT,
    lines: [
      { description: "Website design", quantity: 1, unitPriceCents: 12_000_000, vatRateBp: 1600 },
      { description: "Hosting (months)", quantity: 12, unitPriceCents: 150_050, vatRateBp: 1600 },
      { description: "Bulk SMS bundle", quantity: 3, unitPriceCents: 33_333, vatRateBp: 0 },
    ],
    payments:
      kind === "invoice"
        ? [
            {
              receivedAt: "2026-12-01",
              method: "M-Pesa",
              reference: "QKJ1ABC2DE",
              amountCents: 5_000_000,
            },
          ]
        : [],
    paybill: PAYBILL,
    notes: "Thank you for your business.",
    terms: "Payment within 14 days.",
    ...overrides,
  });
}
