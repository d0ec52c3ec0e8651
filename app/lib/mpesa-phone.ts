import { parsePhoneNumberWithError } from "libphonenumber-js/max";
import type { MessageKey } from "~/i18n/messages";
import { phoneOf, readPhone } from "./phone";

/**
 * The phone an M-Pesa Express prompt goes to, as Daraja wants it: `254` and the 9 digits of a
 * Kenyan mobile number (`2547XXXXXXXX`, `2541XXXXXXXX`), read from what a client types —
 * "0712 345 678", "0112-345-678", "+254 712 345 678", "254712345678", "712345678",
 * "(0712) 345.678" — with app/lib/phone.ts's reading (libphonenumber-js, Kenya's numbering plan
 * checked digit by digit). A landline, another country's number or anything unreadable is a
 * typed failure the form shows next to the field. Server code only (phone.ts's metadata).
 */
export type MpesaPhoneFailure =
  /** Nothing typed. */
  | "empty"
  /** Letters or signs a number does not have, or digits no numbering plan has. */
  | "invalid"
  /** A Kenyan number that is not a mobile one (a landline: no M-Pesa on it). */
  | "not-mobile"
  /** A valid number of another country (M-Pesa Express only reaches Kenyan lines). */
  | "not-kenyan";

export type MpesaPhoneReading =
  | { ok: true; msisdn: string }
  | { ok: false; reason: MpesaPhoneFailure };

/** What Daraja accepts as PartyA / PhoneNumber. */
export const MSISDN = /^254[17]\d{8}$/;

/** The field error of each failure (namespace `payments` of the catalogues). */
export const MPESA_PHONE_ERROR: Record<MpesaPhoneFailure, MessageKey> = {
  empty: "payments.phone.empty",
  invalid: "payments.phone.invalid",
  "not-mobile": "payments.phone.notMobile",
  "not-kenyan": "payments.phone.notKenyan",
};

/**
 * `text` as `2547XXXXXXXX` / `2541XXXXXXXX`, or why it is none. "00254…" (dialled with the
 * international prefix) is read as "+254…"; "+254 0712…" (the 0 kept after the country code)
 * as the library reads it, without the 0.
 */
export function normaliseMpesaPhone(text: string): MpesaPhoneReading {
  const typed = text.trim().replace(/^00(?=254)/, "+");
  const read = readPhone(typed);
  if (!read.ok) return { ok: false, reason: read.reason === "empty" ? "empty" : "invalid" };
  const { e164 } = read.number;
  if (!e164.startsWith("+254")) return { ok: false, reason: "not-kenyan" };
  if (!MSISDN.test(e164.slice(1)) || !isMobile(e164)) return { ok: false, reason: "not-mobile" };
  return { ok: true, msisdn: e164.slice(1) };
}

function isMobile(e164: string): boolean {
  try {
    const type = parsePhoneNumberWithError(e164).getType();
    return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE";
  } catch {
    return false;
  }
}

/**
 * How pages show a normalised number: "0712 345 678" (the national format in groups of three,
 * as app/lib/phone.ts shows every Kenyan mobile). Anything else (a masked C2B MSISDN such as
 * "2547 ***** 126", a hash) is shown as it is.
 */
export function formatMpesaPhone(msisdn: string): string {
  if (!MSISDN.test(msisdn)) return msisdn;
  return phoneOf(`+${msisdn}`)?.display ?? msisdn;
}
