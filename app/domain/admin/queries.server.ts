import type { PostgrestError } from "@supabase/supabase-js";
import { type Failure, fail, kindOfStatus, ok, type Result } from "~/lib/result";
import { type Page, pageRange } from "./pagination";

/**
 * Helpers the admin domain modules share: failures from PostgREST errors, `ilike` patterns for
 * searches, and one page of a counted query.
 */
const FALLBACK = "The database did not answer. Please try again.";

const STATUS_OF_CODE: Record<string, number> = {
  "42501": 403,
  PGRST116: 404,
  PGRST103: 404,
  PT404: 404,
  PT409: 409,
};

/** A PostgREST error (or a thrown fetch error) as a Failure of the matching kind. */
export function backendFailure(error: Pick<PostgrestError, "message" | "code"> | unknown): Failure {
  if (error && typeof error === "object" && "code" in error) {
    const { code, message } = error as PostgrestError;
    const status = STATUS_OF_CODE[code];
    return fail(status ? kindOfStatus(status) : "backend", message?.trim() || FALLBACK);
  }
  return fail("backend", error instanceof Error ? error.message : FALLBACK);
}

/**
 * An `or=(…)` filter matching `term` anywhere in `columns` (case-insensitive). LIKE wildcards are
 * escaped, and the characters PostgREST's logic syntax reserves are dropped from the term.
 */
export function searchFilter(columns: string[], term: string): string {
  const safe = term
    .replace(/[,()"*:]/g, " ")
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .trim();
  return columns.map((column) => `${column}.ilike.%${safe}%`).join(",");
}

interface CountedQuery<Row> {
  range(
    from: number,
    to: number,
  ): PromiseLike<{
    data: Row[] | null;
    error: PostgrestError | null;
    count: number | null;
  }>;
}

/** One page of a query made with `{ count: "exact" }`; a page past the end is "not-found". */
export async function fetchPage<Row>(
  query: CountedQuery<Row>,
  page: number,
): Promise<Result<Page<Row>>> {
  try {
    const { from, to } = pageRange(page);
    const { data, error, count } = await query.range(from, to);
    if (error) return backendFailure(error);
    const rows = data ?? [];
    if (page > 1 && rows.length === 0) return fail("not-found", "There is no such page.");
    return ok({ rows, total: count ?? rows.length, page });
  } catch (error) {
    return backendFailure(error);
  }
}

/** Runs a write and turns "no row changed" into not-found. */
export async function changedOne(
  run: () => PromiseLike<{ data: unknown[] | null; error: PostgrestError | null }>,
  missing: string,
): Promise<Result> {
  try {
    const { data, error } = await run();
    if (error) return backendFailure(error);
    return data?.length ? ok() : fail("not-found", missing);
  } catch (error) {
    return backendFailure(error);
  }
}
