import type { Locale } from "~/i18n/locale";

/**
 * What an invoice, a credit note or a quote shows — the one view model of the invoice page, its
 * PDF (pdf.server.tsx) and its mail. Pure: no database, no I/O.
 *
 * Money is exact. Every amount is an integer number of cents of a shilling (a safe integer;
 * arithmetic runs on bigint and each result is checked to be safe), VAT rates are integers in
 * basis points (1600 = 16 %). Nothing here ever divides or multiplies a float.
 *
 * THE ROUNDING RULE (the one documented rule, docs/payments.md repeats it): each line's VAT is
 *   vat = round_half_away_from_zero(net × rate_bp / 10 000)
 * computed on the line's net amount (net = quantity × unit price, exact), in integer arithmetic:
 * the quotient is truncated, then moved one cent away from zero when the remainder is at least
 * half of 10 000 (12.5 cents → 13, −12.5 → −13, 12.49 → 12). Totals are plain sums of the lines:
 * the VAT of a rate is the sum of its lines' VAT, never recomputed on the rate's net sum, so the
 * lines always add up to the totals printed under them.
 */

export type DocumentKind = "invoice" | "credit_note" | "quote";

/** Derived from the payments ledger (invoices), from the client's answer and the date (quotes). */
export type InvoiceStatus = "draft" | "issued" | "partly_paid" | "paid" | "overdue" | "void";
export type QuoteStatus = "draft" | "sent" | "accepted" | "declined" | "expired";
export type DocumentStatus = InvoiceStatus | QuoteStatus;

/** The agency as its documents name it (a Kenyan tax invoice shows the seller's KRA PIN). */
export interface Agency {
  name: string;
  /** Postal and street address, one entry per printed line. */
  address: readonly string[];
  kraPin: string;
  phone: string;
  email: string;
}

/** The client organisation billed (or quoted): its KRA PIN when it gave one. */
export interface Client {
  organisation: string;
  /** The person the document is addressed to. */
  contact: string | null;
  address: readonly string[];
  kraPin: string | null;
  email: string | null;
}

/** A line as typed: integers only. */
export interface LineInput {
  description: string;
  /** A whole number of units (hours, pages, months…), at least 1. */
  quantity: number;
  /** Integer cents; negative for a discount line. */
  unitPriceCents: number;
  /** Basis points: 1600 = 16 %, 0 for zero-rated or exempt. */
  vatRateBp: number;
}

export interface DocumentLine extends LineInput {
  /** quantity × unit price. */
  netCents: number;
  /** The rounding rule above, on this line. */
  vatCents: number;
}

export interface VatLine {
  rateBp: number;
  /** Sum of the rate's lines' net amounts. */
  netCents: number;
  /** Sum of the rate's lines' VAT. */
  vatCents: number;
}

export interface Totals {
  subtotalCents: number;
  /** One entry per rate used, highest rate first. */
  vat: VatLine[];
  vatCents: number;
  totalCents: number;
}

export interface PaymentReceived {
  /** ISO date or timestamp. */
  receivedAt: string;
  /** "M-Pesa", "Paybill", "Bank transfer", "Credit"… as the ledger names it. */
  method: string;
  /** The M-Pesa receipt number or the transfer's reference. */
  reference: string;
  amountCents: number;
}

/** Pay by M-Pesa: the agency's Paybill and the account to type — the invoice number. */
export interface PaymentInstructions {
  paybill: string;
  account: string;
}

export interface InvoiceDocument {
  kind: DocumentKind;
  /** `JD-2026-0001` · `JD-CN-2026-0001` · `Q-2026-0001` (documentNumber below). */
  number: string;
  /** A credit note: the number of the invoice it corrects; otherwise null. */
  corrects: string | null;
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string;
  /** Invoices: due date; quotes: valid until; credit notes: null. */
  dueDate: string | null;
  language: Locale;
  status: DocumentStatus;
  agency: Agency;
  client: Client;
  lines: DocumentLine[];
  totals: Totals;
  /** Payments received against an invoice (empty for quotes and credit notes). */
  payments: PaymentReceived[];
  paidCents: number;
  /** total − paid (negative: a credit); 0 for quotes and credit notes. */
  balanceCents: number;
  /** Invoices with a balance to pay; null otherwise. */
  payment: PaymentInstructions | null;
  notes: string | null;
  terms: string | null;
}

/** What buildDocument needs: the amounts are computed, never taken as given. */
export interface DocumentInput {
  kind: DocumentKind;
  number: string;
  corrects?: string | null;
  issueDate: string;
  dueDate?: string | null;
  language: Locale;
  status: DocumentStatus;
  agency: Agency;
  client: Client;
  lines: readonly LineInput[];
  payments?: readonly PaymentReceived[];
  /** The agency's Paybill number (MPESA_PAYBILL); null when it takes none. */
  paybill: string | null;
  notes?: string | null;
  terms?: string | null;
}

/**
 * Bounds for the forms: within them every amount of a document, its total included, stays a
 * safe integer (200 lines × 10 000 × Ksh 10 million × 2 = 4·10^15 cents < 2^53).
 */
export const LINE_LIMITS = {
  descriptionMax: 500,
  quantityMax: 10_000,
  unitPriceCentsMax: 1_000_000_000, // Ksh 10 million, a discount at most as much
  vatRateBpMax: 10_000,
  linesMax: 200,
} as const;

const BP = 10_000n;

function safe(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} is out of the safe integer range`);
  return n;
}

function integer(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer`);
  return BigInt(value);
}

/** `numerator / denominator` rounded half away from zero (denominator > 0), integers only. */
export function divideRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator; // truncated toward zero
  const remainder = numerator % denominator; // same sign as the numerator
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** A line's net and VAT by the rounding rule; throws RangeError on a non-integer input. */
export function computeLine(line: LineInput): DocumentLine {
  const quantity = integer(line.quantity, "quantity");
  const unit = integer(line.unitPriceCents, "unit price");
  const rate = integer(line.vatRateBp, "VAT rate");
  if (rate < 0n || rate > BP) throw new RangeError("VAT rate must be 0 to 10 000 basis points");
  const net = quantity * unit;
  return {
    ...line,
    netCents: safe(net, "net amount"),
    vatCents: safe(divideRoundHalfAwayFromZero(net * rate, BP), "VAT"),
  };
}

/** Sums of the lines: subtotal, VAT per rate (highest first), VAT, total. */
export function computeTotals(lines: readonly DocumentLine[]): Totals {
  const perRate = new Map<number, { net: bigint; vat: bigint }>();
  let subtotal = 0n;
  let vat = 0n;
  for (const line of lines) {
    const net = integer(line.netCents, "net amount");
    const lineVat = integer(line.vatCents, "VAT");
    subtotal += net;
    vat += lineVat;
    const sum = perRate.get(line.vatRateBp) ?? { net: 0n, vat: 0n };
    perRate.set(line.vatRateBp, { net: sum.net + net, vat: sum.vat + lineVat });
  }
  return {
    subtotalCents: safe(subtotal, "subtotal"),
    vat: [...perRate]
      .sort(([a], [b]) => b - a)
      .map(([rateBp, sum]) => ({
        rateBp,
        netCents: safe(sum.net, "VAT base"),
        vatCents: safe(sum.vat, "VAT"),
      })),
    vatCents: safe(vat, "VAT total"),
    totalCents: safe(subtotal + vat, "total"),
  };
}

const PREFIX: Record<DocumentKind, string> = { invoice: "JD", credit_note: "JD-CN", quote: "Q" };

/** `JD-2026-0001` · `JD-CN-2026-0001` · `Q-2026-0001` (at least four digits). */
export function documentNumber(kind: DocumentKind, year: number, sequence: number): string {
  return `${PREFIX[kind]}-${year}-${String(sequence).padStart(4, "0")}`;
}

/** The document with its amounts computed from its lines and payments. */
export function buildDocument(input: DocumentInput): InvoiceDocument {
  const lines = input.lines.map(computeLine);
  const totals = computeTotals(lines);
  const isInvoice = input.kind === "invoice";
  const payments = isInvoice ? [...(input.payments ?? [])] : [];
  const paid = payments.reduce((sum, p) => sum + integer(p.amountCents, "payment"), 0n);
  const balance = isInvoice ? BigInt(totals.totalCents) - paid : 0n;
  const payable = isInvoice && balance > 0n && input.status !== "void" && input.status !== "draft";
  return {
    kind: input.kind,
    number: input.number,
    corrects: input.kind === "credit_note" ? (input.corrects ?? null) : null,
    issueDate: input.issueDate,
    dueDate: input.kind === "credit_note" ? null : (input.dueDate ?? null),
    language: input.language,
    status: input.status,
    agency: input.agency,
    client: input.client,
    lines,
    totals,
    payments,
    paidCents: safe(paid, "paid"),
    balanceCents: safe(balance, "balance"),
    payment: payable && input.paybill ? { paybill: input.paybill, account: input.number } : null,
    notes: input.notes ?? null,
    terms: input.terms ?? null,
  };
}
