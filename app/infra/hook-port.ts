/**
 * The contract between the Node server's webhook lane (server/hook-lane.ts) and the app's
 * receiver of deliveries (app/domain/hooks/receive.server.ts, reached through the build's
 * `receiveHookDelivery`): types only, so the server may import it.
 */

/** One delivery as the lane hands it over. */
export interface HookDelivery {
  hook: string;
  /** The body exactly as received: valid UTF-8 JSON of at most 16 KB. */
  body: string;
  /** The body parsed. */
  payload: unknown;
  /** The sender's address (X-Forwarded-For with TRUST_PROXY, as the rate limits count it). */
  sourceIp: string;
}

/**
 * What became of a delivery: `stored` (new and durable), `duplicate` (its id was stored
 * before: nothing changed), `unknown-hook` (the site has no such hook), `no-delivery-id` (the
 * payload lacks the provider's id), `unavailable` (the database did not take it: the provider
 * is told to try again).
 */
export type HookOutcome =
  | "stored"
  | "duplicate"
  | "unknown-hook"
  | "no-delivery-id"
  | "unavailable";

/** The app's receiver of deliveries. */
export type HookReceiver = (delivery: HookDelivery) => Promise<HookOutcome>;
