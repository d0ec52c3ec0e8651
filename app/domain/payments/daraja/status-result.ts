import { DELIVERY_ID_MAX, idAt } from "~/domain/hooks/definition";
import { centsOf } from "./amounts";
import { resultCodeOf, resultDescOf } from "./callbacks";
import { instantOfDarajaTime } from "./clock";
import { isRecord, textOf } from "./json";

/**
 * What Daraja posts to Transaction Status's ResultURL (and QueueTimeOutURL), read defensively:
 * `{"Result":{ResultType, ResultCode, ResultDesc, OriginatorConversationID, ConversationID,
 * TransactionID, ResultParameters:{ResultParameter:[{Key, Value}…]}}}`. Pure: the webhook lane
 * stores the raw body, the mpesastatus hook decides with this reading.
 */

/**
 * The webhook lane's delivery id of a Result: its ConversationID (one per query; else its
 * OriginatorConversationID) and its ResultCode, `AG_20261129_…:0`. The same Result posted again
 * is a no-op; a later query's Result is new; and a queue timeout followed by the query's real
 * Result (the same ConversationID, another code) does not hide that Result as a duplicate.
 */
const byConversation = idAt(["Result", "ConversationID"]);
const byOriginator = idAt(["Result", "OriginatorConversationID"]);
export function statusDeliveryId(payload: unknown): string | undefined {
  const conversation = byConversation(payload) ?? byOriginator(payload);
  if (!conversation) return undefined;
  const result = isRecord(payload) && isRecord(payload.Result) ? payload.Result : {};
  const code = resultCodeOf(result.ResultCode);
  return (code ? `${conversation}:${code}` : conversation).slice(0, DELIVERY_ID_MAX);
}

export interface StatusResult {
  /** Always text: `"0"`, `"R000001"`, `"SFC_IC0003"` (a number or a string on the wire). */
  resultCode: string;
  resultDesc: string;
  conversationId?: string;
  /** The queried transaction, upper case, when the Result names it. */
  transactionId?: string;
  /** ResultParameters by Key (present on a success). */
  details?: StatusDetails;
}

export interface StatusDetails {
  /** ReceiptNo, upper case. */
  receipt?: string;
  /** Amount read exactly into cents; undefined when missing or not a decimal amount. */
  amountCents?: number;
  /** TransactionStatus: `Completed`, `Cancelled`, `Expired`, … */
  status?: string;
  debitPartyName?: string;
  creditPartyName?: string;
  /** FinalisedTime (Nairobi wall clock) as an instant in ISO 8601. */
  finalisedAt?: string;
}

export type StatusMalformed = "not-an-object" | "no-result" | "no-result-code";

export type StatusReading =
  | { ok: true; result: StatusResult }
  | { ok: false; reason: StatusMalformed };

/** ResultParameters.ResultParameter as Key → Value (an array of pairs, or a lone pair). */
function parametersByKey(parameters: unknown): Map<string, unknown> {
  const byKey = new Map<string, unknown>();
  if (!isRecord(parameters)) return byKey;
  const list = Array.isArray(parameters.ResultParameter)
    ? parameters.ResultParameter
    : [parameters.ResultParameter];
  for (const item of list.slice(0, 50)) {
    if (!isRecord(item) || typeof item.Key !== "string") continue;
    if (!byKey.has(item.Key)) byKey.set(item.Key, item.Value);
  }
  return byKey;
}

const receiptOf = (value: unknown) => {
  const text = textOf(value, 32)?.toUpperCase();
  return text && /^[A-Z0-9]+$/.test(text) ? text : undefined;
};

function detailsOf(parameters: unknown): StatusDetails | undefined {
  const byKey = parametersByKey(parameters);
  if (byKey.size === 0) return undefined;
  const details: StatusDetails = {};
  const receipt = receiptOf(byKey.get("ReceiptNo"));
  if (receipt) details.receipt = receipt;
  const amountCents = centsOf(byKey.get("Amount"));
  if (amountCents !== undefined) details.amountCents = amountCents;
  const status = textOf(byKey.get("TransactionStatus"), 64);
  if (status) details.status = status;
  const debit = textOf(byKey.get("DebitPartyName"), 200);
  if (debit) details.debitPartyName = debit;
  const credit = textOf(byKey.get("CreditPartyName"), 200);
  if (credit) details.creditPartyName = credit;
  const finalisedAt = instantOfDarajaTime(byKey.get("FinalisedTime"));
  if (finalisedAt) details.finalisedAt = finalisedAt;
  return details;
}

export function parseStatusResult(body: unknown): StatusReading {
  if (!isRecord(body)) return { ok: false, reason: "not-an-object" };
  const result = body.Result;
  if (!isRecord(result)) return { ok: false, reason: "no-result" };
  const resultCode = resultCodeOf(result.ResultCode);
  if (resultCode === undefined) return { ok: false, reason: "no-result-code" };
  const reading: StatusResult = { resultCode, resultDesc: resultDescOf(result.ResultDesc) };
  const conversationId = textOf(result.ConversationID);
  if (conversationId) reading.conversationId = conversationId;
  const transactionId = receiptOf(result.TransactionID);
  if (transactionId) reading.transactionId = transactionId;
  const details = detailsOf(result.ResultParameters);
  if (details) reading.details = details;
  return { ok: true, result: reading };
}

/** What a Result says of the payment with receipt `receipt`. */
export type StatusVerdict =
  /** M-Pesa's record of this receipt: completed, for this amount (to be compared by the SQL). */
  | { kind: "completed"; amountCents: number }
  /** Not a confirmation of this payment: why, for the agency's note. */
  | { kind: "not-confirmed"; reason: string };

/**
 * Whether `result` confirms the payment `receipt`: ResultCode 0, TransactionStatus Completed,
 * ReceiptNo equal to the receipt and an exact Amount. The amount is compared by the database
 * (verify_paybill_payment), which keeps a note when it differs.
 */
export function statusVerdict(result: StatusResult, receipt: string): StatusVerdict {
  const code = `${result.resultCode} ${result.resultDesc}`.trim();
  if (result.resultCode !== "0") {
    return { kind: "not-confirmed", reason: `M-Pesa's Transaction Status: ${code}` };
  }
  const details = result.details;
  if (details?.receipt !== receipt.toUpperCase()) {
    return {
      kind: "not-confirmed",
      reason: `M-Pesa's Transaction Status names receipt ${details?.receipt ?? "none"}`,
    };
  }
  if (details.status !== "Completed") {
    return {
      kind: "not-confirmed",
      reason: `M-Pesa's Transaction Status says ${details.status ?? "no status"}, not Completed`,
    };
  }
  if (details.amountCents === undefined) {
    return {
      kind: "not-confirmed",
      reason: "M-Pesa's Transaction Status gives no readable amount",
    };
  }
  return { kind: "completed", amountCents: details.amountCents };
}
