/**
 * `Prefer` header (RFC 7240) as PostgREST reads it (ApiRequest/Preferences.hs): comma-separated
 * tokens from every Prefer header, the first value of each kind wins, unknown tokens are
 * collected and only rejected (PGRST122) under `handling=strict`.
 */
import type { ApiRequest } from "../api-request.ts";
import { RestError } from "./errors.ts";

export type CountPreference = "exact" | "planned" | "estimated";

export interface Preferences {
  resolution?: "merge-duplicates" | "ignore-duplicates";
  representation?: "representation" | "minimal" | "headers-only";
  count?: CountPreference;
  missing?: "default" | "null";
  handling?: "strict" | "lenient";
  maxAffected?: number;
  /** Legacy `params=single-object` (PostgREST ≤ 12): one json/jsonb parameter gets the body. */
  singleObject: boolean;
  invalid: string[];
}

/** Every token PostgREST recognises, by kind. `tx=` is accepted but, as on hosted, not applied. */
const KINDS: Record<string, Record<string, string>> = {
  resolution: {
    "resolution=merge-duplicates": "merge-duplicates",
    "resolution=ignore-duplicates": "ignore-duplicates",
  },
  representation: {
    "return=representation": "representation",
    "return=minimal": "minimal",
    "return=headers-only": "headers-only",
  },
  count: { "count=exact": "exact", "count=planned": "planned", "count=estimated": "estimated" },
  missing: { "missing=default": "default", "missing=null": "null" },
  handling: { "handling=strict": "strict", "handling=lenient": "lenient" },
  transaction: { "tx=commit": "commit", "tx=rollback": "rollback" },
  params: { "params=single-object": "single-object" },
};

const INT64 = /^-?\d{1,18}$/;

export function parsePreferences(request: ApiRequest): Preferences {
  const raw = request.headers.prefer;
  if (raw === undefined) return { singleObject: false, invalid: [] };
  const tokens = (Array.isArray(raw) ? raw : [raw ?? ""])
    .flatMap((header) => header.split(","))
    .map((token) => token.trim())
    .filter((token) => token !== "");
  const chosen: Record<string, string> = {};
  const prefs: Preferences = { singleObject: false, invalid: [] };
  for (const token of tokens) {
    const kind = Object.keys(KINDS).find((name) => KINDS[name]?.[token] !== undefined);
    if (kind) {
      chosen[kind] ??= KINDS[kind]?.[token] ?? "";
      continue;
    }
    if (token.startsWith("max-affected=")) {
      const value = token.slice("max-affected=".length);
      if (prefs.maxAffected === undefined && INT64.test(value)) prefs.maxAffected = Number(value);
      continue;
    }
    if (token.startsWith("timezone=")) continue;
    prefs.invalid.push(token);
  }
  prefs.resolution = chosen.resolution as Preferences["resolution"];
  prefs.representation = chosen.representation as Preferences["representation"];
  prefs.count = chosen.count as Preferences["count"];
  prefs.missing = chosen.missing as Preferences["missing"];
  prefs.handling = chosen.handling as Preferences["handling"];
  prefs.singleObject = chosen.params === "single-object";
  return prefs;
}

/** PGRST122 when unknown preferences come with `handling=strict`. */
export function assertValidPreferences(prefs: Preferences): void {
  if (prefs.invalid.length > 0 && prefs.handling === "strict") {
    throw new RestError(
      400,
      "PGRST122",
      "Invalid preferences given with handling=strict",
      `Invalid preferences: ${prefs.invalid.join(", ")}`,
    );
  }
}

/** `true` when counting is done by counting rows (exact; estimated below the row limit). */
export const countsRows = (count: CountPreference | undefined) =>
  count === "exact" || count === "estimated";

export type PlanKind = "read" | "insert" | "update" | "delete" | "call";

/**
 * `Preference-Applied` for a plan, in PostgREST's order (prefAppliedHeader): resolution (inserts
 * into a table with a key), missing, return (mutations), count, handling, max-affected (strict,
 * on updates, deletes and calls).
 */
export function preferenceApplied(
  prefs: Preferences,
  kind: PlanKind,
  resolutionApplies = false,
): string | undefined {
  const mutation = kind === "insert" || kind === "update" || kind === "delete";
  const values = [
    kind === "insert" && resolutionApplies && prefs.resolution && `resolution=${prefs.resolution}`,
    (kind === "insert" || kind === "update") && prefs.missing && `missing=${prefs.missing}`,
    mutation && prefs.representation && `return=${prefs.representation}`,
    prefs.count && `count=${prefs.count}`,
    prefs.handling && `handling=${prefs.handling}`,
    (kind === "update" || kind === "delete" || kind === "call") &&
      prefs.handling === "strict" &&
      prefs.maxAffected !== undefined &&
      `max-affected=${prefs.maxAffected}`,
  ].filter((value): value is string => typeof value === "string");
  return values.length > 0 ? values.join(", ") : undefined;
}

/** PGRST124 (the transaction is rolled back) when a strict max-affected limit is exceeded. */
export function assertMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.handling !== "strict" || prefs.maxAffected === undefined) return;
  if (affected > prefs.maxAffected) {
    throw new RestError(
      400,
      "PGRST124",
      "Query result exceeds max-affected preference constraint",
      `The query affects ${affected} rows`,
    );
  }
}
