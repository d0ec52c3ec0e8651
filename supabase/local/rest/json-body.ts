/**
 * Request bodies: at most 1 MB (413), valid JSON (PGRST102), and nested at most
 * MAX_JSON_DEPTH levels — Postgres parses JSON recursively and, compiled to WASM, a deep
 * enough document silently breaks the embedded database instead of raising "stack depth".
 */
import type { ApiRequest } from "../api-request.ts";
import { jsonDepth } from "../http.ts";
import { invalidBody } from "./errors.ts";

export const MAX_JSON_DEPTH = 512;

export function parseJson(text: string): unknown {
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw invalidBody(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidBody(error instanceof Error ? error.message : "invalid JSON");
  }
}

/** The body text and its parsed value; an empty body is `emptyAs` (e.g. `{}` for RPC). */
export async function readJsonBody(
  request: ApiRequest,
  emptyAs?: unknown,
): Promise<{ text: string; value: unknown }> {
  const text = await request.text();
  if (text.trim() === "" && emptyAs !== undefined) {
    return { text: JSON.stringify(emptyAs), value: emptyAs };
  }
  return { text, value: parseJson(text) };
}
