/**
 * Row ranges as PostgREST computes them (RangeQuery.hs, ApiRequest.getRanges): `limit` and
 * `offset` query parameters intersected with a `Range: a-b` header (GET only), then the
 * response status (200/206/416) and `Content-Range` from the rows returned and the total.
 */
import type { ApiRequest } from "../api-request.ts";
import { RestError } from "./errors.ts";

export interface RowRange {
  offset: number;
  /** Undefined = no limit. */
  limit?: number;
}

const INVALID_RANGE = "Requested range not satisfiable";

/** Haskell's `readMaybe :: Integer`: optional sign, digits, surrounding spaces; else ignored. */
function readInteger(raw: string | null): number | undefined {
  if (raw === null || !/^\s*-?\d+\s*$/.test(raw)) return undefined;
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value)) {
    throw new RestError(400, "22003", `value "${raw.trim()}" is out of range for type bigint`);
  }
  return value;
}

interface Bounds {
  lower: number;
  upper: number; // inclusive; Infinity = unbounded
}

function headerBounds(request: ApiRequest): Bounds | "empty" {
  if (request.method !== "GET") return { lower: 0, upper: Number.POSITIVE_INFINITY };
  const match = /^(\d+)-(\d*)$/.exec(request.header("range") ?? "");
  if (!match) return { lower: 0, upper: Number.POSITIVE_INFINITY };
  const lower = readInteger(match[1] ?? "") ?? 0;
  const upper = match[2] ? (readInteger(match[2]) ?? 0) : Number.POSITIVE_INFINITY;
  return upper < lower ? "empty" : { lower, upper };
}

export function requestedRange(request: ApiRequest, query: URLSearchParams): RowRange {
  const limit = readInteger(query.get("limit"));
  const offset = Math.max(0, readInteger(query.get("offset")) ?? 0);
  if (limit === 0) return { offset: 0, limit: 0 };
  const header = headerBounds(request);
  const upper = limit === undefined ? Number.POSITIVE_INFINITY : offset + limit - 1;
  const bounds =
    header === "empty"
      ? undefined
      : { lower: Math.max(header.lower, offset), upper: Math.min(header.upper, upper) };
  if (!bounds || bounds.upper < bounds.lower) {
    throw new RestError(
      416,
      "PGRST103",
      INVALID_RANGE,
      header === "empty"
        ? "The lower boundary must be lower than or equal to the upper boundary in the Range header."
        : "Limit should be greater than or equal to zero.",
    );
  }
  return {
    offset: bounds.lower,
    limit: Number.isFinite(bounds.upper) ? bounds.upper - bounds.lower + 1 : undefined,
  };
}

/** `Content-Range` for rows lower..upper of total (contentRangeH). */
export function contentRange(lower: number, upper: number, total: number | undefined): string {
  const span = total !== 0 && lower <= upper ? `${lower}-${upper}` : "*";
  return `${span}/${total ?? "*"}`;
}

/** Status and Content-Range of a read (rangeStatusHeader); 416 carries PGRST103. */
export function readStatus(offset: number, rows: number, total: number | undefined) {
  const upper = offset + rows - 1;
  const range = contentRange(offset, upper, total);
  if (total !== undefined && offset > total) {
    const error = new RestError(
      416,
      "PGRST103",
      INVALID_RANGE,
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { "Content-Range": range },
    );
    throw error;
  }
  const status = total !== undefined && rows < total ? 206 : 200;
  return { status, range };
}
