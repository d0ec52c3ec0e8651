/**
 * The API gateway accepts a request only when its key is exactly one of the project's API
 * keys (anon or service role). Any other JWT signed with the project secret, such as a
 * user's access token, is not an API key, even though PostgREST would accept it as a bearer.
 */
import { timingSafeEqual } from "node:crypto";
import type { Keys } from "../jwt.ts";

/** The project's keys as bytes, computed once per key set. */
const keyBytes = new WeakMap<object, Buffer[]>();

function sameBytes(left: Buffer, right: Buffer): boolean {
  return left.length === right.length && timingSafeEqual(left, right);
}

export function isProjectApiKey(keys: Pick<Keys, "anonKey" | "serviceRoleKey">, key: string) {
  let known = keyBytes.get(keys);
  if (!known) {
    known = [Buffer.from(keys.anonKey), Buffer.from(keys.serviceRoleKey)];
    keyBytes.set(keys, known);
  }
  const given = Buffer.from(key);
  // Every comparison runs, so the timing does not tell which key matched.
  return known.map((bytes) => sameBytes(given, bytes)).includes(true);
}
