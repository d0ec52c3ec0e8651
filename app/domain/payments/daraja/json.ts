/** Reading Daraja's JSON defensively: nothing is assumed of a value's type. */

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A short text field: a string trimmed, a whole number as its digits (Daraja sends codes and
 * ids either way); undefined for anything else, an empty text, or one longer than `max`.
 */
export function textOf(value: unknown, max = 200): string | undefined {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string") return undefined;
  const trimmed = text.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : undefined;
}
