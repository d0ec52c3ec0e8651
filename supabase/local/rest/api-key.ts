/**
 * The API gateway accepts a request only when its key is exactly one of the project's API
 * keys (anon or service role). Any other JWT signed with the project secret, such as a
 * user's access token, is not an API key, even though PostgREST would accept it as a bearer.
 */
import { timingSafeEqual } from "node:crypto";
import type { Keys } from "../jwt.ts";

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function isProjectApiKey(keys: Pick<Keys, "anonKey" | "serviceRoleKey">, key: string) {
  // Both comparisons always run, so the timing does not tell which key matched.
  const anon = sameText(key, keys.anonKey);
  const service = sameText(key, keys.serviceRoleKey);
  return anon || service;
}
