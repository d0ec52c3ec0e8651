/**
 * Shillings as a person types them, read exactly into integer cents (decision 018: money is
 * integer cents; nothing here touches a float). Accepted: `1500`, `1,500.50`, `1 500,50`,
 * `1.500,50`, `Ksh 1,500`, `KES 1500.5`, `-250` (a discount line, when `negative` is allowed).
 * The last `.` or `,` followed by one or two digits at the end is the decimal mark; other
 * separators (`,` `.` space, no-break spaces, `'`) group thousands in threes (`.` only before a
 * `,` decimal: `1.005` alone is ambiguous). Anything else — letters, three decimals, `1,50,0`,
 * exponents — is undefined, so the form says so.
 */

/** Largest amount a form takes: Ksh 10 million (LINE_LIMITS.unitPriceCentsMax). */
export const MAX_INPUT_CENTS = 1_000_000_000;

const CURRENCY = /^(?:ksh\.?|kes|sh\.?)\s*/i;
const CURRENCY_AFTER = /\s*(?:ksh\.?|kes|\/=|\/-)$/i;
const SPACES = /[\s\u00a0\u202f']/g;

export function parseKesCents(
  text: string,
  options: { negative?: boolean; max?: number } = {},
): number | undefined {
  const max = options.max ?? MAX_INPUT_CENTS;
  let rest = text.trim();
  let negative = false;
  if (rest.startsWith("-") || rest.startsWith("\u2212")) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  rest = rest.replace(CURRENCY, "").replace(CURRENCY_AFTER, "");
  if (!negative && (rest.startsWith("-") || rest.startsWith("\u2212"))) {
    negative = true;
    rest = rest.slice(1);
  }
  if (negative && !options.negative) return undefined;
  rest = rest.replace(SPACES, " ").trim();
  if (rest === "" || rest.length > 40) return undefined;

  let whole = rest;
  let fraction = "";
  const decimal = /^(.*?)[.,](\d{1,2})$/.exec(rest);
  if (decimal) {
    whole = decimal[1] ?? "";
    fraction = decimal[2] ?? "";
    // "1,500" / "1.500" with three digits after the mark is grouping, not decimals (handled
    // below); with one or two digits it is the decimal mark.
  }
  if (whole === "") whole = "0";
  let digits: string;
  if (/^\d+$/.test(whole)) {
    digits = whole;
  } else {
    // Grouped in threes by one kind of separator: 1,500,000 · 1.500.000 · 1 500 000.
    const grouped = /^(\d{1,3})((?:[ ,.]\d{3})+)$/.exec(whole);
    if (!grouped) return undefined;
    const separators = new Set(whole.replace(/\d/g, ""));
    if (separators.size !== 1) return undefined;
    if (decimal && separators.has(rest.charAt(whole.length))) return undefined;
    // "1.005" may be a shilling and a half-cent or a thousand and five: refused, not guessed.
    if (separators.has(".") && !decimal) return undefined;
    digits = whole.replace(/\D/g, "");
  }
  digits = digits.replace(/^0+(?=\d)/, "");
  if (digits.length > 13) return undefined;
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents) || cents > max) return undefined;
  return negative ? -cents : cents;
}

/** Cents as the form shows them back: `150050` → `1500.50` (no grouping: reads back exactly). */
export function centsText(cents: number): string {
  const negative = cents < 0;
  const magnitude = Math.abs(cents);
  const text = `${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/**
 * A percentage typed (`16`, `16.5`, `8,25 %`) as basis points, exactly; undefined unless it is
 * 0 to 100 with at most two decimals.
 */
export function parsePercentBp(text: string): number | undefined {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= 10_000 ? bp : undefined;
}

/** Basis points as the form shows them back: 1600 → `16`, 825 → `8.25`. */
export function percentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}
