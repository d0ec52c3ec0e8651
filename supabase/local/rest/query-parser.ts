/**
 * Horizontal filtering: every non-reserved query key is a column filter (`col=[not.]op.value`)
 * or a logic tree (`or=(…)`, `and=(…)`, `not.or=(…)`, nested `and(…)`/`or(…)`), AND-ed
 * together. Columns are checked against the table; values stay strings (bound later as $n).
 * On RPC reads, a key whose value is not an operator expression is a function argument.
 */

import { clip } from "../text.ts";
import type { TableInfo } from "./catalog.ts";
import { notImplemented, parseError, RestError } from "./errors.ts";
import { type FilterOp, parseOpExpr } from "./operators.ts";
import { requireColumn } from "./select-check.ts";
import {
  assertShallow,
  MAX_LOGIC_DEPTH,
  parseWholeFieldName,
  readFieldName,
  splitTopLevel,
} from "./syntax.ts";

export type { FilterOp } from "./operators.ts";

export type Condition =
  | { kind: "filter"; column: string; negate: boolean; op: FilterOp; tsvector: boolean }
  | { kind: "logic"; op: "and" | "or"; negate: boolean; children: Condition[] };

/** Query keys that are never filters. `apikey` is the gateway's (hosted strips it too). */
const RESERVED = new Set(["select", "columns", "on_conflict", "apikey"]);
/** Keys that may carry an embed path prefix (`clients.order=…`). */
const EMBEDDABLE = new Set(["order", "limit", "offset", "and", "or"]);

export interface ParsedQuery {
  conditions: Condition[];
  /** RPC reads only: `key=value` pairs that are arguments, in query order. */
  args: [string, string][];
}

const notEmbedded = (resource: string) =>
  new RestError(
    400,
    "PGRST108",
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

function toFilter(table: TableInfo, column: string, expression: string, inTree: boolean) {
  assertShallow(expression, "filter", expression);
  const parsed = parseOpExpr(expression, inTree);
  if (!parsed) return null;
  const name = requireColumn(table, column);
  const condition: Condition = {
    kind: "filter",
    column: name,
    negate: parsed.negate,
    op: parsed.op,
    tsvector: table.types.get(name) === "tsvector",
  };
  return condition;
}

const unknownOperator = (expression: string) =>
  parseError("filter", expression, 'unexpected input expecting "not" or operator (eq, gt, ...)');

/** `(item,item,…)`: `field.[not.]op.value` or nested `[not.]and(…)` / `[not.]or(…)`. */
function parseLogic(table: TableInfo, key: string, body: string, depth: number): Condition {
  const fail = (details: string): never => {
    throw parseError("logic tree", clip(`${key}${body}`, 200), details);
  };
  if (depth > MAX_LOGIC_DEPTH) fail(`logic trees may nest at most ${MAX_LOGIC_DEPTH} levels`);
  const negate = key.startsWith("not.");
  const op = negate ? key.slice(4) : key;
  if (op !== "and" && op !== "or") fail("expecting logic operator (and, or)");
  if (!body.startsWith("(") || !body.endsWith(")") || body.length < 3) fail('expecting "("');
  const items = splitTopLevel(body.slice(1, -1));
  if (!items) fail("unbalanced parentheses or quotes");
  const children = (items ?? []).map((raw) => {
    const item = raw.trim();
    const nested = /^((?:not\.)?(?:and|or))(\(.*\))$/s.exec(item);
    if (nested?.[1] && nested[2]) return parseLogic(table, nested[1], nested[2], depth + 1);
    const field = readFieldName(item, 0);
    if (!field || item[field.end] !== ".") return fail(`unexpected "${clip(item, 50)}"`);
    if (item.startsWith("->", field.end))
      throw notImplemented("JSON paths in filters are not implemented by the embedded backend");
    const expression = item.slice(field.end + 1);
    return (
      toFilter(table, field.name, expression, true) ??
      fail(`unknown operator in "${clip(item, 50)}"`)
    );
  });
  return { kind: "logic", op: op as "and" | "or", negate, children };
}

/** The part before the last `.` of a dotted key, if any (an embed path). */
function embedPrefix(key: string): string | undefined {
  const dot = key.indexOf(".");
  return dot > 0 && !key.startsWith('"') ? key.slice(0, dot) : undefined;
}

/** RPC reads: the `key=value` pairs that are function arguments (not filters), in order. */
export function rpcArguments(query: URLSearchParams): [string, string][] {
  const args: [string, string][] = [];
  for (const [key, value] of query) {
    if (RESERVED.has(key) || EMBEDDABLE.has(key.slice(key.lastIndexOf(".") + 1))) continue;
    const name = parseWholeFieldName(key);
    if (name === null || parseOpExpr(value, false) !== null) continue;
    assertShallow(value, "function argument", `${name}=${value}`);
    args.push([name, value]);
  }
  return args;
}

export function parseQuery(query: URLSearchParams, table: TableInfo, rpcRead = false): ParsedQuery {
  const conditions: Condition[] = [];
  const args: [string, string][] = [];
  for (const [key, value] of query) {
    if (RESERVED.has(key)) continue;
    const last = key.slice(key.lastIndexOf(".") + 1);
    if (EMBEDDABLE.has(last)) {
      const logicKey = key === "or" || key === "and" || key === "not.or" || key === "not.and";
      if (logicKey) conditions.push(parseLogic(table, key, value, 1));
      else if (key !== last) throw notEmbedded(key.slice(0, key.indexOf(".")));
      continue;
    }
    const column = parseWholeFieldName(key);
    if (column === null) {
      const prefix = embedPrefix(key);
      if (prefix !== undefined) throw notEmbedded(prefix);
      if (key.includes("->"))
        throw notImplemented("JSON paths in filters are not implemented by the embedded backend");
      throw parseError("tree path", key, "expecting field name");
    }
    if (rpcRead && parseOpExpr(value, false) === null) {
      args.push([column, value]);
      continue;
    }
    const filter = toFilter(table, column, value, false);
    if (!filter) throw unknownOperator(value);
    conditions.push(filter);
  }
  return { conditions, args };
}
