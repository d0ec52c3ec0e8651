/**
 * What the site knows of one webhook provider (docs/decisions/014-webhook-lane.md): how to find
 * the provider's id of a delivery in its payload — the id that makes a repeated delivery a
 * no-op — and what to do with a delivery once it is stored. Each provider is one file in
 * app/domain/hooks/providers/ exporting `hook` (the registry finds them there); its secret and
 * allow-list are configuration (HOOK_<NAME>_SECRET, HOOK_<NAME>_ALLOWED_IPS).
 */
export interface HookDefinition {
  /** The name in the URL and the variables, lower case: `/hooks/<name>/<secret>`. */
  name: string;
  /** The provider's id of this delivery, or undefined when the payload has none. */
  deliveryId(payload: unknown): string | undefined;
  /**
   * Deals with a delivery stored for the first time (called once per new delivery, after it is
   * durable; a failure leaves it unprocessed for a later attempt). Must be idempotent: a
   * delivery may be handled again after a crash between the handler and its bookkeeping.
   */
  handle?(delivery: { deliveryId: string; payload: unknown }): Promise<void>;
}

/** Longest delivery id kept (the database refuses longer ones too). */
export const DELIVERY_ID_MAX = 200;

/** Control characters: the database's text refuses NUL, and no provider's id has any. */
const CONTROL = /\p{Cc}/u;

/**
 * The delivery id at a path of object keys (`["Body", "stkCallback", "CheckoutRequestID"]`): a
 * non-empty string or a whole number, at most DELIVERY_ID_MAX characters; anything else is none.
 * JSON can spell what text cannot store (`"\u0000"`, a lone `"\ud800"`): such an id is none
 * too, so the sender gets 400 rather than a 503 it would retry for ever.
 */
export function idAt(path: readonly string[]): (payload: unknown) => string | undefined {
  return (payload) => {
    let value: unknown = payload;
    for (const key of path) {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
      if (!Object.hasOwn(value, key)) return undefined;
      value = (value as Record<string, unknown>)[key];
    }
    const id = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
    if (typeof id !== "string" || id.length === 0 || id.length > DELIVERY_ID_MAX) return undefined;
    return id.isWellFormed() && !CONTROL.test(id) ? id : undefined;
  };
}
