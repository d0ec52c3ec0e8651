/**
 * Parses PostgREST query-string syntax into a small AST: `select`, `order`, column filters
 * (`col=[not.]op.value`) and logic trees (`or=(…)`, `and=(…)`, nested `and(…)`/`or(…)`).
 * Column names are checked against the table; values stay strings (bound later as $n).
 */
import type { TableInfo } from "./catalog.ts";
import { parseError, unknownColumn } from "./errors.ts";

export type Operator =
  | "eq"
  | "neq"
  | "gt"
  | "gte"
  | "lt"
  | "lte"
  | "like"
  | "ilike"
  | "in"
  | "is"
  | "cs"
  | "cd"
  | "ov";

const OPERATORS = new Set<string>([
  "eq",
  "neq",
  "gt",
  "gte",
  "lt",
  "lte",
  "like",
  "ilike",
  "in",
  "is",
  "cs",
  "cd",
  "ov",
]);
const IS_VALUES = new Set(["null", "not_null", "true", "false", "unknown"]);

export type Condition =
  | { kind: "filter"; column: string; op: Operator; negate: boolean; value: string | string[] }
  | { kind: "logic"; op: "and" | "or"; negate: boolean; children: Condition[] };

export interface SelectItem {
  column: string | "*";
  alias?: string;
}

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: "first" | "last";
}

/** Query keys that are not column filters. */
export const RESERVED_PARAMS = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "columns",
  "on_conflict",
]);
const LOGIC_KEYS = new Set(["or", "and", "not.or", "not.and"]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

export function requireColumn(table: TableInfo, column: string): string {
  if (!IDENTIFIER.test(column) || !table.columns.has(column)) {
    throw unknownColumn(table.name, column);
  }
  return column;
}

/**
 * Splits on commas that are outside parentheses and double-quoted values. A `"` opens a
 * quoted value only where a value can start (input start, after `(`, `,` or `.`), so an
 * unquoted value may itself contain `"` (postgrest-js quotes only values with `,()`).
 */
export function splitTopLevel(input: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === "\\" && i + 1 < input.length) {
        current += char + input[i + 1];
        i++;
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
      continue;
    }
    const previous = i === 0 ? "" : input[i - 1];
    if (
      char === '"' &&
      (previous === "" || previous === "(" || previous === "," || previous === ".")
    ) {
      quoted = true;
    } else if (char === "(") depth++;
    else if (char === ")") depth--;
    if (depth < 0) throw parseError("logic tree", input, "unbalanced parentheses");
    if (depth === 0 && char === ",") {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (quoted || depth !== 0)
    throw parseError("logic tree", input, "unbalanced quotes or parentheses");
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return value;
}

export function parseSelect(raw: string | null, table: TableInfo): SelectItem[] {
  if (raw === null || raw.trim() === "") return [{ column: "*" }];
  return raw.split(",").map((part) => {
    const item = part.trim();
    if (item === "*") return { column: "*" };
    const match = /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_$]*)$/.exec(item);
    if (!match?.[2]) {
      throw parseError("select", raw, "only plain column names, aliases and * are supported");
    }
    return { column: requireColumn(table, match[2]), alias: match[1] };
  });
}

export function parseOrder(raw: string | null, table: TableInfo): OrderTerm[] {
  if (raw === null || raw.trim() === "") return [];
  return raw.split(",").map((part) => {
    const [column = "", ...modifiers] = part.trim().split(".");
    const term: OrderTerm = { column: requireColumn(table, column), descending: false };
    for (const modifier of modifiers) {
      if (modifier === "asc" || modifier === "desc") term.descending = modifier === "desc";
      else if (modifier === "nullsfirst" || modifier === "nullslast") {
        term.nulls = modifier === "nullsfirst" ? "first" : "last";
      } else throw parseError("order", raw, `unexpected "${modifier}"`);
    }
    return term;
  });
}

/** `(a,"b,c")` → ["a", "b,c"]. */
function parseList(raw: string): string[] {
  if (!raw.startsWith("(") || !raw.endsWith(")")) throw parseError("filter", raw, "expected (…)");
  const inner = raw.slice(1, -1);
  if (inner.trim() === "") return [];
  return splitTopLevel(inner).map((item) => unquote(item.trim()));
}

/** `[not.]op.value` for one column; values are double-quotable only inside logic trees. */
function parseOperation(
  table: TableInfo,
  column: string,
  expression: string,
  inTree = false,
): Condition {
  let rest = expression;
  let negate = false;
  if (rest.startsWith("not.")) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf(".");
  const op = dot < 0 ? rest : rest.slice(0, dot);
  if (dot < 0 || !OPERATORS.has(op)) {
    throw parseError("filter", `${column}=${expression}`, `unknown operator "${op}"`);
  }
  const rawValue = rest.slice(dot + 1);
  let value: string | string[] = inTree ? unquote(rawValue) : rawValue;
  if (op === "in") value = parseList(rawValue);
  if (op === "is" && !IS_VALUES.has(rawValue.toLowerCase())) {
    throw parseError(
      "filter",
      `${column}=${expression}`,
      "is accepts null, not_null, true, false, unknown",
    );
  }
  if (op === "is") value = rawValue.toLowerCase();
  if (op === "like" || op === "ilike") value = (value as string).replaceAll("*", "%");
  return {
    kind: "filter",
    column: requireColumn(table, column),
    op: op as Operator,
    negate,
    value,
  };
}

/** A logic tree body `(item,item,…)` where items are `col.[not.]op.value` or nested trees. */
function parseLogic(table: TableInfo, key: string, body: string): Condition {
  const negate = key.startsWith("not.");
  const op = negate ? key.slice(4) : key;
  if (op !== "and" && op !== "or") throw parseError("logic tree", `${key}${body}`);
  if (!body.startsWith("(") || !body.endsWith(")") || body.length < 3) {
    throw parseError("logic tree", `${key}=${body}`, "expected (…)");
  }
  const children = splitTopLevel(body.slice(1, -1)).map((item) => {
    const trimmed = item.trim();
    const nested = /^((?:not\.)?(?:and|or))(\(.*\))$/s.exec(trimmed);
    if (nested?.[1] && nested[2]) return parseLogic(table, nested[1], nested[2]);
    const dot = trimmed.indexOf(".");
    if (dot <= 0) throw parseError("logic tree", `${key}=${body}`, `unexpected "${trimmed}"`);
    return parseOperation(table, trimmed.slice(0, dot), trimmed.slice(dot + 1), true);
  });
  return { kind: "logic", op, negate, children };
}

/** All filters of a request (every non-reserved query key), AND-ed together. */
export function parseFilters(query: URLSearchParams, table: TableInfo): Condition[] {
  const conditions: Condition[] = [];
  for (const [key, value] of query) {
    if (RESERVED_PARAMS.has(key)) continue;
    if (LOGIC_KEYS.has(key)) conditions.push(parseLogic(table, key, value));
    else conditions.push(parseOperation(table, key, value));
  }
  return conditions;
}

/** `columns=` of an insert: comma-separated, optionally double-quoted names. */
export function parseColumnList(raw: string): string[] {
  return raw
    .split(",")
    .map((part) => unquote(part.trim()))
    .filter((name) => name !== "");
}

export function parseNonNegativeInt(raw: string | null, name: string): number | undefined {
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw parseError(name, raw, "expected a non-negative integer");
  return Number(raw);
}
