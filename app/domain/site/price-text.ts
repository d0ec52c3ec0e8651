import { formatKes, formatKesRange } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { PRICE_MAX } from "./editor/fields";

/**
 * A service's price in words, pure (no catalogue): the public pages (through
 * app/domain/site/localize.server.ts) and the site editor's "Visitors read" line, which follows
 * the amounts as they are typed in the browser, word it alike.
 */
export type PriceWordKey =
  | "services.priceFrom"
  | "services.pricePerYear"
  | "services.pricePerMonth";

/** The language's wording of `key` with `values` filled in (a translator, server or browser). */
export type PriceWords = (key: PriceWordKey, values: Record<string, string>) => string;

/** The message keys `PriceWords` is asked for (a browser bundle holds just these). */
export const PRICE_WORD_KEYS: readonly PriceWordKey[] = [
  "services.priceFrom",
  "services.pricePerYear",
  "services.pricePerMonth",
];

export interface Price {
  min: number;
  max: number | null;
  unit: string;
}

/** 'Ksh 50,000 – 300,000', 'Ksh 10,000 – 100,000 per year', 'From Ksh 0.7 per SMS' in `locale`. */
export function priceLine(price: Price, locale: Locale, say: PriceWords): string {
  if (price.unit === "sms") {
    return say("services.priceFrom", { price: formatKes(price.min, locale) });
  }
  const range =
    price.max === null
      ? formatKes(price.min, locale)
      : formatKesRange(price.min, price.max, locale);
  if (price.unit === "year") return say("services.pricePerYear", { range });
  if (price.unit === "month") return say("services.pricePerMonth", { range });
  return range;
}

/** An amount in shillings: digits, an optional decimal point and up to 2 decimals; "50,000" too. */
export function parseAmount(text: string): number | null {
  const v = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  const grouped = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(v) ? v.replaceAll(",", "") : v;
  return /^\d{1,10}(\.\d{1,2})?$/.test(grouped) ? Number(grouped) : null;
}

/** The typed amounts as a price, or null while they are not one a save would accept. */
export function typedPrice(typed: { min: string; max: string; unit: string }): Price | null {
  const min = parseAmount(typed.min);
  const blankMax = typed.max.trim() === "";
  const max = blankMax ? null : parseAmount(typed.max);
  if (min === null || (!blankMax && max === null) || (max !== null && max < min)) return null;
  if (Math.max(min, max ?? 0) > PRICE_MAX) return null;
  return { min, max, unit: typed.unit };
}
