import { idAt } from "~/domain/hooks/definition";
import { centsOf } from "./amounts";
import { instantOfDarajaTime } from "./clock";
import { isRecord, textOf } from "./json";

/**
 * What Daraja posts to the site, read defensively (Daraja's STK callback and C2B confirmation): the STK
 * callback and the C2B confirmation, into typed values or a typed reason they are malformed.
 * Pure functions: the webhook lane stores the raw body, the payments code reads it with these.
 * Nothing here decides a payment: a callback is checked against the push and STK Query first.
 */

/** The webhook lane's delivery id of an STK callback: its CheckoutRequestID. */
export const stkDeliveryId = idAt(["Body", "stkCallback", "CheckoutRequestID"]);
/** The webhook lane's delivery id of a C2B confirmation: its TransID (the M-Pesa receipt). */
export const c2bDeliveryId = idAt(["TransID"]);

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** Always text: `"0"`, `"1032"`, `"SFC_IC0003"` (a number in callbacks, a string in queries). */
  resultCode: string;
  /** Without old prefixes such as `[STK_CB - ]`. */
  resultDesc: string;
  /** Read from CallbackMetadata's items by name; present (amount and receipt) when resultCode is "0". */
  payment?: StkPayment;
}

export interface StkPayment {
  amountCents: number;
  /** The M-Pesa receipt, upper case: `NLJ7RT61SV`. */
  receipt: string;
  /** As sent (`254708374149`), or undefined. */
  phone?: string;
  /** TransactionDate (Nairobi wall clock) as an instant in ISO 8601, or undefined. */
  paidAt?: string;
  /** Balance when Daraja sends one as a number or text (usually it sends none). */
  balance?: string;
}

export type StkMalformed =
  | "not-an-object"
  | "no-stk-callback"
  | "no-checkout-request-id"
  | "no-merchant-request-id"
  | "no-result-code"
  /** ResultCode 0 without a readable Amount (missing, negative, `1.005`, text). */
  | "paid-without-amount"
  /** ResultCode 0 without a MpesaReceiptNumber. */
  | "paid-without-receipt";

export type StkCallbackReading =
  | { ok: true; callback: StkCallback }
  | { ok: false; reason: StkMalformed };

/** A ResultCode as text: `0` → "0", `"1032"` → "1032", `"SFC_IC0003"` kept. */
export function resultCodeOf(value: unknown): string | undefined {
  const text = textOf(value, 32);
  return text !== undefined && /^[A-Za-z0-9_.-]+$/.test(text) ? text : undefined;
}

/** A ResultDesc without the prefixes older Daraja versions put before it (`[STK_CB - ]`). */
export function resultDescOf(value: unknown): string {
  const text = typeof value === "string" ? value : "";
  return text
    .replace(/^\s*\[[^\]]{0,40}\]\s*/, "")
    .trim()
    .slice(0, 500);
}

/** CallbackMetadata.Item as name → value (an array of items, or a lone item). */
function itemsByName(metadata: unknown): Map<string, unknown> {
  const items = new Map<string, unknown>();
  if (!isRecord(metadata)) return items;
  const list = Array.isArray(metadata.Item) ? metadata.Item : [metadata.Item];
  for (const item of list.slice(0, 50)) {
    if (!isRecord(item) || typeof item.Name !== "string") continue;
    if (!items.has(item.Name)) items.set(item.Name, item.Value);
  }
  return items;
}

/** A Balance worth keeping: a number or a short text; absent, empty or odd shapes are none. */
function balanceOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return textOf(value, 200);
}

export function parseStkCallback(body: unknown): StkCallbackReading {
  if (!isRecord(body)) return { ok: false, reason: "not-an-object" };
  const stk = isRecord(body.Body) ? body.Body.stkCallback : undefined;
  if (!isRecord(stk)) return { ok: false, reason: "no-stk-callback" };
  const checkoutRequestId = stkDeliveryId(body);
  if (!checkoutRequestId) return { ok: false, reason: "no-checkout-request-id" };
  const merchantRequestId = textOf(stk.MerchantRequestID);
  if (!merchantRequestId) return { ok: false, reason: "no-merchant-request-id" };
  const resultCode = resultCodeOf(stk.ResultCode);
  if (resultCode === undefined) return { ok: false, reason: "no-result-code" };
  const callback: StkCallback = {
    merchantRequestId,
    checkoutRequestId,
    resultCode,
    resultDesc: resultDescOf(stk.ResultDesc),
  };
  if (resultCode !== "0") return { ok: true, callback };

  const items = itemsByName(stk.CallbackMetadata);
  const amountCents = centsOf(items.get("Amount"));
  if (amountCents === undefined || amountCents === 0)
    return { ok: false, reason: "paid-without-amount" };
  const receipt = textOf(items.get("MpesaReceiptNumber"), 32)?.toUpperCase();
  if (!receipt || !/^[A-Z0-9]+$/.test(receipt))
    return { ok: false, reason: "paid-without-receipt" };
  const payment: StkPayment = { amountCents, receipt };
  const phone = textOf(items.get("PhoneNumber"), 64);
  if (phone) payment.phone = phone;
  const paidAt = instantOfDarajaTime(items.get("TransactionDate"));
  if (paidAt) payment.paidAt = paidAt;
  const balance = balanceOf(items.get("Balance"));
  if (balance) payment.balance = balance;
  return { ok: true, callback: { ...callback, payment } };
}

export interface C2bConfirmation {
  /** The M-Pesa receipt (`RKL51ZDR4F`): the delivery id. */
  transId: string;
  /** "Pay Bill", "Buy Goods", … */
  transactionType: string;
  /** TransTime (Nairobi wall clock) as an instant in ISO 8601, or undefined. */
  paidAt?: string;
  amountCents: number;
  shortcode: string;
  /** The account as the customer typed it, trimmed (may be empty). */
  billRefNumber: string;
  /** The account as matched against invoice numbers: see accountKeyOf. */
  accountKey: string;
  invoiceNumber: string;
  thirdPartyTransId: string;
  /** As sent: `2547 ***** 126` (v2, masked), a SHA-256 hex (v1), or digits. Never matched on. */
  msisdn: string;
  /** First, middle and last names joined with spaces (any may be empty). */
  payerName: string;
  /** OrgAccountBalance as sent, if any. */
  orgAccountBalance?: string;
}

export type C2bMalformed =
  | "not-an-object"
  | "no-trans-id"
  /** TransAmount missing, zero, negative or not a decimal amount. */
  | "bad-amount"
  | "no-shortcode";

export type C2bReading =
  | { ok: true; confirmation: C2bConfirmation }
  | { ok: false; reason: C2bMalformed };

/**
 * The form of an account number matched against invoice numbers: upper case, letters and
 * digits only — what a customer types (" jd-2026-0001 ", "JD 2026 0001", "jd20260001") and the
 * invoice number ("JD-2026-0001") meet as "JD20260001". Apply it to both sides.
 */
export function accountKeyOf(text: string): string {
  return text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
}

/** A field of the confirmation as text ("" when absent or not text). */
function field(body: Record<string, unknown>, name: string, max = 200): string {
  return textOf(body[name], max) ?? "";
}

export function parseC2bConfirmation(body: unknown): C2bReading {
  if (!isRecord(body)) return { ok: false, reason: "not-an-object" };
  const transId = c2bDeliveryId(body);
  if (!transId) return { ok: false, reason: "no-trans-id" };
  const amountCents = centsOf(body.TransAmount);
  if (amountCents === undefined || amountCents === 0) return { ok: false, reason: "bad-amount" };
  const shortcode = field(body, "BusinessShortCode", 32);
  if (!shortcode) return { ok: false, reason: "no-shortcode" };
  const billRefNumber = field(body, "BillRefNumber", 100);
  const confirmation: C2bConfirmation = {
    transId: transId.toUpperCase(),
    transactionType: field(body, "TransactionType", 64),
    amountCents,
    shortcode,
    billRefNumber,
    accountKey: accountKeyOf(billRefNumber),
    invoiceNumber: field(body, "InvoiceNumber", 100),
    thirdPartyTransId: field(body, "ThirdPartyTransID", 100),
    msisdn: field(body, "MSISDN", 128),
    payerName: ["FirstName", "MiddleName", "LastName"]
      .map((name) => field(body, name, 100))
      .filter(Boolean)
      .join(" "),
  };
  const paidAt = instantOfDarajaTime(body.TransTime);
  if (paidAt) confirmation.paidAt = paidAt;
  const balance = balanceOf(body.OrgAccountBalance);
  if (balance) confirmation.orgAccountBalance = balance;
  return { ok: true, confirmation };
}
