/**
 * The Daraja wire details the stand-in reproduces (README.md): error envelopes,
 * result texts, the shapes of its ids and Nairobi-time stamps. No state here.
 */
import { randomBytes, randomInt } from "node:crypto";

/** A Daraja error: `{requestId, errorCode, errorMessage}`, HTTP status = the code's first 3 digits. */
export class DarajaError extends Error {
  readonly code: string;
  readonly requestId: string | undefined;
  constructor(code: string, message: string, requestId?: string) {
    super(message);
    this.code = code;
    this.requestId = requestId;
  }
  get status(): number {
    return Number(this.code.slice(0, 3));
  }
  body() {
    return {
      requestId: this.requestId ?? legacyRequestId(),
      errorCode: this.code,
      errorMessage: this.message,
    };
  }
}

/** `400.002.02 Bad Request - Invalid <field>`, the answer to most bad fields. */
export const invalid = (field: string) =>
  new DarajaError("400.002.02", `Bad Request - Invalid ${field}`);

export const ERRORS = {
  badPayload: () => new DarajaError("400.002.05", "Invalid Request Payload"),
  notBasic: () => new DarajaError("400.008.01", "Invalid Authentication passed"),
  grantType: () => new DarajaError("400.008.02", "Invalid grant type passed"),
  badToken: () => new DarajaError("404.001.03", "Invalid Access Token"),
  noAuthHeader: () => new DarajaError("404.001.04", "Invalid Authentication Header"),
  wrongProduct: () =>
    new DarajaError(
      "401.003.01",
      "Error Occurred - Invalid Access Token - Invalid API call as no apiproduct match found",
    ),
  notFound: () => new DarajaError("404.001.01", "Resource not found"),
  method: () => new DarajaError("405.001", "Method Not Allowed"),
  wrongCredentials: () => new DarajaError("500.001.1001", "Wrong credentials"),
  noMerchant: () => new DarajaError("500.001.1001", "Merchant does not exist"),
  busy: () =>
    new DarajaError(
      "500.001.1001",
      "Unable to lock subscriber, a transaction is already in process for the current subscriber",
    ),
  processing: (checkoutRequestId: string) =>
    new DarajaError("500.001.1001", "The transaction is being processed", checkoutRequestId),
  registered: () => new DarajaError("500.003.1001", "Urls are already registered"),
};

/** The STK result codes a test or the phone page can choose, with Daraja's ResultDesc texts. */
export const RESULT_DESCS = {
  0: "The service request is processed successfully.",
  1: "The balance is insufficient for the transaction.",
  1019: "Transaction has expired.",
  1025: "An error occurred while sending a push request.",
  1032: "Request cancelled by user",
  1037: "DS timeout user cannot be reached.",
  2001: "The initiator information is invalid.",
} as const;

export type ResultCode = keyof typeof RESULT_DESCS;
export const RESULT_CODES = Object.keys(RESULT_DESCS).map(Number) as ResultCode[];
export const isResultCode = (value: unknown): value is ResultCode =>
  typeof value === "number" && value in RESULT_DESCS;

/** Safaricom's published callback addresses: the first is the default source the stand-in claims. */
export const SAFARICOM_ADDRESSES = [
  "196.201.214.200",
  "196.201.214.206",
  "196.201.213.114",
  "196.201.214.207",
  "196.201.214.208",
  "196.201.213.44",
  "196.201.212.127",
  "196.201.212.138",
  "196.201.212.129",
  "196.201.212.136",
  "196.201.212.74",
  "196.201.212.69",
] as const;

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const alnum = (length: number, alphabet = ALNUM) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");
const hex = (length: number) =>
  randomBytes(Math.ceil(length / 2))
    .toString("hex")
    .slice(0, length);
const digits = (length: number) => alnum(length, "0123456789");

/** The parts of a moment in Nairobi (UTC+3 all year). */
function nairobi(at: number) {
  const date = new Date(at + 3 * 3600_000);
  const two = (n: number) => String(n).padStart(2, "0");
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    yyyy: String(date.getUTCFullYear()),
    mm: two(date.getUTCMonth() + 1),
    dd: two(date.getUTCDate()),
    hhmmss: `${two(date.getUTCHours())}${two(date.getUTCMinutes())}${two(date.getUTCSeconds())}`,
    ms: String(date.getUTCMilliseconds()).padStart(3, "0"),
  };
}

/** `YYYYMMDDHHmmss` in Nairobi time: Timestamp, TransactionDate, TransTime. */
export function darajaTimestamp(at = Date.now()): string {
  const t = nairobi(at);
  return `${t.yyyy}${t.mm}${t.dd}${t.hhmmss}`;
}

/** True for a real `YYYYMMDDHHmmss` moment. */
export function isTimestamp(value: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d! && h! < 24;
}

/** Old-style request ids: `11259-2330641-1`. */
export const legacyRequestId = () => `${digits(5)}-${digits(7)}-1`;

/** MerchantRequestID, new style: `2654-4b64-97ff-b827b542881d3130`. */
export const merchantRequestId = () => `${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}${digits(8)}`;

/** C2B's OriginatorCoversationID (sic): `6e86-45dd-91ac-fd5d4178ab523408729`. */
export const originatorConversationId = () =>
  `${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}${digits(7)}`;

/** An async API's ConversationID: `AG_20261129_0100401f8b3c5d6e7a90`. */
export function conversationId(at = Date.now()): string {
  const t = nairobi(at);
  return `AG_${t.yyyy}${t.mm}${t.dd}_${hex(20)}`;
}

/** `ws_CO_` + DDMMYYYYHHmmssSSS (Nairobi) + the phone's last 9 digits. */
export function checkoutRequestId(phone: string, at = Date.now()): string {
  const t = nairobi(at);
  return `ws_CO_${t.dd}${t.mm}${t.yyyy}${t.hhmmss}${t.ms}${phone.slice(-9)}`;
}

/**
 * An M-Pesa receipt (also C2B's TransID): 10 characters, the year's letter (2019 = N), the
 * month A–L, the day 1–9 then A–V, and 7 random ones: `NLJ7RT61SV` on 19 Dec 2019.
 */
export function receiptNumber(at = Date.now()): string {
  const t = nairobi(at);
  const letter = (n: number) => String.fromCharCode(65 + n);
  const day = t.day < 10 ? String(t.day) : letter(t.day - 10);
  return `${letter(t.year - 2006)}${letter(t.month - 1)}${day}${alnum(7)}`;
}

/** Access tokens look like `c9SQxWWhmdVRlyh0zh8gZDTkubVF`. */
export const accessToken = () =>
  alnum(28, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
