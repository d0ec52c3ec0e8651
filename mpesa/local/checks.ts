/**
 * Field checks of the Daraja requests, in the order the stand-in applies them, each failing with
 * the exact Daraja error (README.md, "The Daraja API it answers").
 */
import { createHash } from "node:crypto";
import { DarajaError, ERRORS, invalid, isTimestamp } from "./wire.ts";

type Body = Record<string, unknown>;

export const PHONE = /^254[17]\d{8}$/;
const SHORTCODE = /^\d{5,7}$/;
export const MAX_AMOUNT = 250_000;

/** A field as text: strings as sent, numbers in decimal, anything else undefined. */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** The body's JSON object, or 400.002.05 (and the missing-Content-Type quirk). */
export function jsonBody(contentType: string | undefined, raw: string): Body {
  // Daraja answers a request without `Content-Type: application/json` as if the shortcode were bad.
  if (!contentType || !/^application\/json\b/i.test(contentType)) {
    throw invalid("BusinessShortCode");
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Body;
  } catch {
    // fall through
  }
  throw ERRORS.badPayload();
}

/** An integer amount 1–250 000, sent as a number or a string of digits. */
export function amountOf(value: unknown): number {
  const given = text(value);
  if (given === undefined || !/^\d+$/.test(given)) throw invalid("Amount");
  const amount = Number(given);
  if (amount < 1 || amount > MAX_AMOUNT) throw invalid("Amount");
  return amount;
}

function shortcodeOf(value: unknown, field: string): string {
  const code = text(value);
  if (code === undefined || !SHORTCODE.test(code)) throw invalid(field);
  return code;
}

function phoneOf(value: unknown, field: string): string {
  const phone = text(value);
  if (phone === undefined || !PHONE.test(phone)) throw invalid(field);
  return phone;
}

export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string" || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Shortcode, Timestamp and Password (base64 of shortcode + passkey + timestamp) of an STK push or
 * query; `passkeys` are the merchants the stand-in knows.
 */
function credentialsOf(body: Body, passkeys: ReadonlyMap<string, string>): string {
  const shortcode = shortcodeOf(body.BusinessShortCode, "BusinessShortCode");
  const timestamp = text(body.Timestamp);
  if (timestamp === undefined || !isTimestamp(timestamp)) throw invalid("Timestamp");
  const passkey = passkeys.get(shortcode);
  if (passkey === undefined) throw ERRORS.noMerchant();
  const expected = Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");
  if (body.Password !== expected) throw ERRORS.wrongCredentials();
  return shortcode;
}

export interface PushRequest {
  shortcode: string;
  transactionType: "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";
  amount: number;
  partyA: string;
  partyB: string;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
}

export function pushRequestOf(body: Body, passkeys: ReadonlyMap<string, string>): PushRequest {
  const shortcode = credentialsOf(body, passkeys);
  const type = body.TransactionType;
  if (type !== "CustomerPayBillOnline" && type !== "CustomerBuyGoodsOnline") {
    throw invalid("TransactionType");
  }
  const amount = amountOf(body.Amount);
  const partyA = phoneOf(body.PartyA, "PartyA");
  const partyB = shortcodeOf(body.PartyB, "PartyB");
  const phone = phoneOf(body.PhoneNumber, "PhoneNumber");
  if (!isHttpUrl(body.CallBackURL)) throw invalid("CallBackURL");
  const reference = text(body.AccountReference);
  if (reference === undefined || reference.length === 0 || reference.length > 12) {
    throw invalid("AccountReference");
  }
  const desc = body.TransactionDesc === undefined ? "" : text(body.TransactionDesc);
  if (desc === undefined || desc.length > 13) throw invalid("TransactionDesc");
  return {
    shortcode,
    transactionType: type,
    amount,
    partyA,
    partyB,
    phone,
    callbackUrl: body.CallBackURL,
    accountReference: reference,
    transactionDesc: desc,
  };
}

export function queryRequestOf(body: Body, passkeys: ReadonlyMap<string, string>): string {
  credentialsOf(body, passkeys);
  const id = text(body.CheckoutRequestID);
  if (!id) throw invalid("CheckoutRequestID");
  return id;
}

/** Words Daraja refuses in C2B URLs. */
const FORBIDDEN_IN_URL = /m-pesa|safaricom|exe|cmd|sql|query|ngrok|mockbin|requestbin/i;

function c2bUrl(value: unknown, field: string): string {
  if (!isHttpUrl(value) || FORBIDDEN_IN_URL.test(value)) throw invalid(field);
  return value;
}

export interface Registration {
  shortcode: string;
  responseType: "Completed" | "Cancelled";
  confirmationUrl: string;
  validationUrl: string | undefined;
}

export function registrationOf(body: Body): Registration {
  const shortcode = shortcodeOf(body.ShortCode, "ShortCode");
  const responseType = body.ResponseType;
  if (responseType !== "Completed" && responseType !== "Cancelled") {
    throw invalid("ResponseType");
  }
  const confirmationUrl = c2bUrl(body.ConfirmationURL, "ConfirmationURL");
  const validationUrl =
    body.ValidationURL === undefined || body.ValidationURL === ""
      ? undefined
      : c2bUrl(body.ValidationURL, "ValidationURL");
  return { shortcode, responseType, confirmationUrl, validationUrl };
}

export interface Simulation {
  shortcode: string;
  commandId: "CustomerPayBillOnline" | "CustomerBuyGoodsOnline";
  amount: number;
  msisdn: string;
  billRefNumber: string;
}

export function simulationOf(body: Body): Simulation {
  const shortcode = shortcodeOf(body.ShortCode, "ShortCode");
  const commandId = body.CommandID;
  if (commandId !== "CustomerPayBillOnline" && commandId !== "CustomerBuyGoodsOnline") {
    throw invalid("CommandID");
  }
  const amount = amountOf(body.Amount);
  const msisdn = phoneOf(body.Msisdn, "Msisdn");
  const billRef = body.BillRefNumber == null ? "" : text(body.BillRefNumber);
  if (billRef === undefined || billRef.length > 20) throw invalid("BillRefNumber");
  return { shortcode, commandId, amount, msisdn, billRefNumber: billRef };
}

export interface StatusRequest {
  initiator: string;
  transactionId: string;
  partyA: string;
  resultUrl: string;
  queueTimeOutUrl: string;
  remarks: string;
  occasion: string;
}

/**
 * A Transaction Status query (`TransactionStatusQuery`), fields in the order of Daraja's
 * documentation. The SecurityCredential (the initiator's password encrypted with M-Pesa's
 * certificate) cannot be decrypted here: it must be base64 text, nothing more.
 */
export function statusRequestOf(body: Body): StatusRequest {
  const initiator = text(body.Initiator);
  if (!initiator || initiator.length > 64) throw invalid("Initiator");
  const credential = text(body.SecurityCredential);
  if (!credential || !/^[A-Za-z0-9+/]+={0,2}$/.test(credential) || credential.length % 4 !== 0) {
    throw invalid("SecurityCredential");
  }
  if (body.CommandID !== "TransactionStatusQuery") throw invalid("CommandID");
  const transactionId = text(body.TransactionID);
  if (!transactionId || !/^[A-Za-z0-9]{6,20}$/.test(transactionId)) {
    throw invalid("TransactionID");
  }
  const partyA = shortcodeOf(body.PartyA, "PartyA");
  if (text(body.IdentifierType) !== "4") throw invalid("IdentifierType");
  if (!isHttpUrl(body.ResultURL)) throw invalid("ResultURL");
  if (!isHttpUrl(body.QueueTimeOutURL)) throw invalid("QueueTimeOutURL");
  const remarks = text(body.Remarks);
  if (!remarks || remarks.length > 100) throw invalid("Remarks");
  const occasion = body.Occasion == null ? "" : text(body.Occasion);
  if (occasion === undefined || occasion.length > 100) throw invalid("Occasion");
  return {
    initiator,
    transactionId: transactionId.toUpperCase(),
    partyA,
    resultUrl: body.ResultURL,
    queueTimeOutUrl: body.QueueTimeOutURL,
    remarks,
    occasion,
  };
}

/** The customer's number as C2B shows it: v2 `2547 ***** 126`, v1 its SHA-256 in hex. */
export function shownMsisdn(msisdn: string, version: "v1" | "v2"): string {
  if (version === "v1") return createHash("sha256").update(msisdn).digest("hex");
  return `${msisdn.slice(0, 4)} ***** ${msisdn.slice(-3)}`;
}

export { DarajaError };
