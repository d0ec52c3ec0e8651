import { type CountryCode, parsePhoneNumberWithError } from "libphonenumber-js/max";

/**
 * Phone and WhatsApp numbers as people type them, read with libphonenumber-js (Google's
 * numbering plans, "max" metadata: every digit checked against the country's plan, not only the
 * length). Kenyan by default — "0712 345 678", "0112-345-678", "712345678", "+254 712 345 678",
 * "254712345678" — and any other country's number with its "+" and country code. Stored and
 * linked in E.164 (`tel:+254712345678`, `https://wa.me/254712345678`), shown in the national
 * format ("0712 345 678"), a number outside Kenya in the international one ("+44 20 7946 0958").
 *
 * Import it from server code only (loaders, actions, domain modules): its metadata weighs
 * ~145 KB, which no visitor's page needs — pages get the number already formatted.
 */
export interface PhoneNumber {
  /** "+254712345678": what is stored, and what `tel:` and wa.me links use. */
  e164: string;
  /** "0712 345 678" (Kenya) or "+44 20 7946 0958" (elsewhere): what pages show. */
  display: string;
}

export type PhoneReading =
  | { ok: true; number: PhoneNumber }
  /** Empty, letters or other signs, an extension, or digits no numbering plan has. */
  | { ok: false; reason: "empty" | "characters" | "invalid" };

export const HOME_COUNTRY: CountryCode = "KE";

/**
 * What a typed number may hold: digits, spaces (no line break), dashes, dots, brackets and one
 * leading "+". Letters are refused rather than read as a keypad's ("0722 OOO 333" is a typo,
 * not a vanity number), and so is an extension: a `tel:` link would dial it as digits.
 */
const TYPED = /^\+?[0-9 \u00a0\u2007\u202f().\u2010-\u2015-]+$/u;

function reading(text: string, country: CountryCode): PhoneNumber | null {
  try {
    const parsed = parsePhoneNumberWithError(text, { defaultCountry: country, extract: false });
    if (!parsed.isValid() || parsed.ext) return null;
    return { e164: parsed.number, display: displayOf(parsed.number, parsed.country) };
  } catch {
    return null;
  }
}

/**
 * A Kenyan mobile number (9 digits after the 0, starting with 7 or 1) in the groups of three
 * Kenyans write and read it in ("0712 345 678"); libphonenumber's national format groups the
 * last six together ("0712 345678"). Every other number: the library's format.
 */
function displayOf(e164: string, country: string | undefined): string {
  const national = e164.replace(/^\+254/, "");
  if (country === HOME_COUNTRY && /^[17]\d{8}$/.test(national)) {
    return `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  }
  try {
    const parsed = parsePhoneNumberWithError(e164);
    return country === HOME_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
  } catch {
    return e164;
  }
}

/**
 * Reads a typed (or stored) number. Digits alone that are no Kenyan number are tried once more
 * as an international number without its "+" ("447911123456", "255754123456"): the WhatsApp
 * field used to ask for digits with the country code first.
 */
export function readPhone(text: string): PhoneReading {
  const typed = text.trim();
  if (!typed) return { ok: false, reason: "empty" };
  if (typed.length > 40 || !TYPED.test(typed)) return { ok: false, reason: "characters" };
  const number =
    reading(typed, HOME_COUNTRY) ??
    (/^[1-9][0-9]{7,14}$/.test(typed) ? reading(`+${typed}`, HOME_COUNTRY) : null);
  return number ? { ok: true, number } : { ok: false, reason: "invalid" };
}

const known = new Map<string, PhoneNumber | null>();

/**
 * The number `text` holds, or null (empty, unreadable): what a page links and shows. The
 * settings' two numbers are read for every page: the last few readings are kept.
 */
export function phoneOf(text: string | null | undefined): PhoneNumber | null {
  if (!text) return null;
  let number = known.get(text);
  if (number === undefined) {
    const read = readPhone(text);
    number = read.ok ? read.number : null;
    if (known.size >= 32) known.clear();
    known.set(text, number);
  }
  return number;
}
