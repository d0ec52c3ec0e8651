/**
 * Money as Daraja writes it, read exactly into integer cents (docs: money is integer cents
 * everywhere). Daraja sends amounts as JSON numbers (`1`, `1.00` — which JSON readers make 1)
 * or strings (`"5.00"`); neither is ever multiplied as a float: the decimal text is split at
 * its point and its digits are counted.
 */

/** The most Daraja moves in one transaction: KES 250,000 (in cents). */
export const MAX_PUSH_CENTS = 250_000 * 100;

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2})0*)?$/;

/**
 * Cents of a non-negative amount in shillings: `"5.00"` → 500, `1` → 100, `"1.5"` → 150,
 * `"0.01"` → 1. Undefined for anything else: a negative, more than two significant decimals
 * (`"1.005"`), an exponent (`1e21`), thousands separators, text, NaN, objects.
 */
export function centsOf(amount: unknown): number | undefined {
  let text: string;
  if (typeof amount === "number") {
    if (!Number.isFinite(amount) || amount < 0) return undefined;
    // Shortest round-trip text of the double: 1.1 → "1.1", never "1.1000000000000001".
    text = String(amount);
  } else if (typeof amount === "string") {
    text = amount.trim();
  } else {
    return undefined;
  }
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, shillings = "0", fraction = ""] = match;
  const cents = Number(shillings) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/**
 * The whole shillings Daraja is asked for (`Amount` is an integer of KES), or undefined when
 * `cents` is not a positive whole number of shillings within Daraja's limits (1 to 250,000).
 */
export function wholeShillings(cents: number): number | undefined {
  if (!Number.isSafeInteger(cents) || cents < 100 || cents > MAX_PUSH_CENTS) return undefined;
  return cents % 100 === 0 ? cents / 100 : undefined;
}
