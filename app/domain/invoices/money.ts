import { formatExactDecimal } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";

/**
 * Amounts and rates of invoices as each language writes them, from integers: the shillings and
 * the two cents come from integer division and reach Intl as an exact decimal string, so no
 * value ever passes through a float ('Ksh 1,160.50' · 'Ksh 1,160.50' · '1 160,50 KES'; the
 * site's other prices keep formatKes in app/i18n/format.ts, whole shillings).
 */

function decimal(value: bigint, scale: bigint, digits: number): `${number}` {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const fraction = String(magnitude % scale).padStart(digits, "0");
  return `${negative ? "-" : ""}${magnitude / scale}.${fraction}` as `${number}`;
}

/** Integer cents in `locale` with two decimals; a non-integer throws (RangeError). */
export function formatCents(cents: number | bigint, locale: Locale): string {
  if (typeof cents === "number" && !Number.isSafeInteger(cents)) {
    throw new RangeError("formatCents takes integer cents");
  }
  return formatExactDecimal(decimal(BigInt(cents), 100n, 2), locale, "kes");
}

/** A VAT rate in basis points: 1600 → '16%' · '16 %'; 825 → '8.25%' · '8,25 %'. */
export function formatRate(basisPoints: number, locale: Locale): string {
  if (!Number.isSafeInteger(basisPoints)) throw new RangeError("formatRate takes basis points");
  return formatExactDecimal(decimal(BigInt(basisPoints), 10_000n, 4), locale, "percent");
}
