/**
 * The SQL of a function call (PostgREST's callPlanToQuery) as the CTE `_src`. Argument values
 * are always bound parameters; the function, parameter names and types come from the catalog.
 * - POST JSON: `json_to_record($1::json) as _b("p" type, …)`, then `fn("p" := _b."p", …)`, so
 *   JSON values convert as PostgREST converts them (arrays, objects, numbers).
 * - GET: `fn("p" := $1::type, …)` with the query-string text.
 * - one unnamed json/jsonb parameter: `fn($1::json)` with the whole body.
 */

import { SCALAR_COLUMN } from "../body-sql.ts";
import type { Routine, RoutineParam } from "../catalog.ts";
import { arrayLiteral, type Params, qualified, quoteIdent } from "../sql-builder.ts";

export type CallArgs =
  | { kind: "json"; text: string; keys: string[] }
  | { kind: "query"; values: Map<string, string[]> }
  | { kind: "whole"; text: string };

function named(param: RoutineParam, value: string): string {
  return `${param.variadic ? "VARIADIC " : ""}${quoteIdent(param.name)} := ${value}`;
}

/** `fn(args)` plus the FROM items it needs (the JSON record source for POST bodies). */
function invocation(
  routine: Routine,
  args: CallArgs,
  params: Params,
): { call: string; from: string } {
  const fn = qualified(routine.name);
  if (args.kind === "whole") {
    const type = routine.params[0]?.castType ?? "json";
    return { call: `${fn}(${params.add(args.text)}::${type})`, from: "" };
  }
  if (args.kind === "query") {
    const given = routine.params.filter((param) => args.values.has(param.name));
    const list = given.map((param) => {
      const values = args.values.get(param.name) ?? [];
      // Repeated non-variadic arguments: the last one wins, as in PostgREST.
      const text = param.variadic ? arrayLiteral(values) : (values[values.length - 1] ?? "");
      return named(param, `${params.add(text)}::${param.castType}`);
    });
    return { call: `${fn}(${list.join(", ")})`, from: "" };
  }
  const given = routine.params.filter((param) => args.keys.includes(param.name));
  if (given.length === 0) return { call: `${fn}()`, from: "" };
  const columns = given.map((param) => `${quoteIdent(param.name)} ${param.castType}`).join(", ");
  const record = `json_to_record(${params.add(args.text)}::json) as _b(${columns})`;
  const list = given.map((param) => named(param, `_b.${quoteIdent(param.name)}`));
  return { call: `${fn}(${list.join(", ")})`, from: record };
}

/** `_src as (…)`: one row per result row; scalar results in the column `pgrst_scalar`. */
export function callCte(routine: Routine, args: CallArgs, params: Params): string {
  const { call, from } = invocation(routine, args, params);
  if (!routine.returnsComposite) {
    return `_src as (select ${call} as ${SCALAR_COLUMN}${from ? ` from ${from}` : ""})`;
  }
  return `_src as (select _c.* from ${from ? `${from}, lateral ` : ""}${call} as _c)`;
}
