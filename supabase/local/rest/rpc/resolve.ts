/**
 * Picks the function an RPC request calls, as PostgREST's findProc does: by name and by the
 * set of argument names (required parameters must all be given, optional ones may be), with a
 * single unnamed json/jsonb parameter as the fallback for a JSON POST. No match is 404
 * PGRST202 with PostgREST's message, details and "Perhaps you meant…" hint; several are 300
 * PGRST203.
 */
import type { Catalog, Routine } from "../catalog.ts";
import { EXPOSED_SCHEMA } from "../catalog.ts";
import { RestError } from "../errors.ts";
import { closest } from "../fuzzy.ts";

export interface CallTarget {
  routine: Routine;
  /** The whole body goes to the single (unnamed, or single-object) json/jsonb parameter. */
  wholeBody: boolean;
}

interface Lookup {
  name: string;
  /** Argument names, deduplicated. */
  keys: string[];
  /** POST with a JSON body (enables the single unnamed json/jsonb fallback). */
  jsonPost: boolean;
  /** Legacy `Prefer: params=single-object`. */
  singleObject: boolean;
}

const PROCEDURE_HINT_SCORE = 0.75;
const PARAMS_HINT_SCORE = 0.33;
const isJsonType = (type: string) => type === "json" || type === "jsonb";

function matchesParams(routine: Routine, keys: Set<string>): boolean {
  const { params } = routine;
  if (params.length === 0) return keys.size === 0;
  const required = params.filter((param) => param.required).map((param) => param.name);
  const optional = new Set(params.filter((param) => !param.required).map((param) => param.name));
  const given = [...keys].filter((key) => !optional.has(key));
  return given.length === required.length && required.every((name) => keys.has(name));
}

function hasSingleUnnamedJsonParam(routine: Routine): boolean {
  const [only, ...others] = routine.params;
  return others.length === 0 && only?.name === "" && isJsonType(only.type);
}

const qualifiedName = (name: string) => `${EXPOSED_SCHEMA}.${name}`;
const paramList = (names: string[]) => `(${[...names].sort().join(", ")})`;

function ambiguous(routines: Routine[]): RestError {
  const candidates = routines.map((routine) => {
    const params = routine.params.map((param) => `${param.name} => ${param.type}`).join(", ");
    return `${qualifiedName(routine.name)}(${params})`;
  });
  return new RestError(
    300,
    "PGRST203",
    `Could not choose the best candidate function between: ${candidates.join(", ")}`,
    null,
    "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
  );
}

function notFound(catalog: Catalog, lookup: Lookup, overloads: Routine[]): RestError {
  const keys = [...lookup.keys].sort();
  const fn = qualifiedName(lookup.name);
  const withParams =
    keys.length === 0
      ? " without parameters"
      : ` with parameter${keys.length > 1 ? "s" : ""} ${keys.join(", ")}`;
  const orJson = lookup.jsonPost ? " or with a single unnamed json/jsonb parameter" : "";
  const suggestion =
    overloads.length === 0
      ? closest(catalog.routineNames(), lookup.name, PROCEDURE_HINT_SCORE)
      : closest(
          overloads.map((routine) => paramList(routine.params.map((param) => param.name))),
          paramList(keys),
          PARAMS_HINT_SCORE,
        );
  const hint =
    suggestion === undefined
      ? null
      : `Perhaps you meant to call the function ${overloads.length === 0 ? qualifiedName(suggestion) : fn + suggestion}`;
  return new RestError(
    404,
    "PGRST202",
    `Could not find the function ${fn}${keys.length === 0 ? " without parameters" : paramList(keys)} in the schema cache`,
    `Searched for the function ${fn}${withParams}${orJson}, but no matches were found in the schema cache.`,
    hint,
  );
}

function choose(routines: Routine[], lookup: Lookup): CallTarget | "none" {
  if (lookup.jsonPost && lookup.singleObject) {
    const single = routines.filter(
      (r) => r.params.length === 1 && isJsonType(r.params[0]?.type ?? ""),
    );
    if (single.length === 1 && single[0]) return { routine: single[0], wholeBody: true };
  }
  const keys = new Set(lookup.keys);
  const matching = routines.filter((routine) => matchesParams(routine, keys));
  const fallback = lookup.jsonPost ? routines.filter(hasSingleUnnamedJsonParam) : [];
  if (matching.length > 1) throw ambiguous(matching);
  const [match] = matching;
  if (match) return { routine: match, wholeBody: hasSingleUnnamedJsonParam(match) };
  if (fallback.length > 1) throw ambiguous(fallback);
  return fallback[0] ? { routine: fallback[0], wholeBody: true } : "none";
}

export async function resolveRoutine(catalog: Catalog, lookup: Lookup): Promise<CallTarget> {
  let routines = await catalog.routines(lookup.name);
  let target = choose(routines, lookup);
  // A function replaced with new parameters since the last load: look again once.
  if (target === "none" && routines.length > 0 && (await catalog.refresh())) {
    routines = await catalog.routines(lookup.name);
    target = choose(routines, lookup);
  }
  if (target === "none") throw notFound(catalog, lookup, routines);
  return target;
}
