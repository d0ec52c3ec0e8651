/**
 * SQL that turns selected rows (`_r`) into the response body, as PostgREST's handlers do
 * (asJsonF, asJsonSingleF, asCsvF in SqlFragment.hs): a JSON array, one JSON value for
 * scalar and single-row function results, or CSV with a header row and Postgres' record
 * quoting.
 */
import type { Output } from "./media.ts";

/** What the rows are: table rows, one composite, one scalar, or a set of scalars (RPC). */
export type Shape = "rows" | "record" | "scalar" | "scalars";

/** Column that holds a scalar function result. */
export const SCALAR_COLUMN = "pgrst_scalar";

function csvSql(): string {
  const header = `(select coalesce(string_agg(k.key, ','), '')
      from (select json_object_keys(row_to_json(_h)) as key
              from (select * from _rows limit 1) as _h) as k)`;
  const lines = `coalesce(string_agg(substring(_r::text, 2, length(_r::text) - 2), E'\\n'), '')`;
  return `${header} || E'\\n' || ${lines}`;
}

function jsonSql(output: Exclude<Output, { kind: "csv" }>, shape: Shape): string {
  const scalar = shape === "scalar" || shape === "scalars";
  const aggregated = scalar ? `json_agg(_r.${SCALAR_COLUMN})` : "json_agg(_r)";
  const one = output.kind === "single" || shape === "record" || shape === "scalar";
  const value = one ? `${aggregated}->0` : aggregated;
  const stripped = output.stripNulls ? `json_strip_nulls(${value})` : value;
  return `coalesce(${stripped}, '${one ? "null" : "[]"}')::text`;
}

/**
 * One row: `body` (text) and `n` (rows) from the rows of `rowsSql`, which is exposed as the
 * CTE `_rows` (CSV reads its header from the first row).
 */
export function bodyQuery(rowsSql: string, output: Output, shape: Shape, extra = ""): string {
  const body = output.kind === "csv" ? csvSql() : jsonSql(output, shape);
  return `_rows as (${rowsSql})
    select ${body} as body, count(*)::int as n${extra} from _rows as _r`;
}
