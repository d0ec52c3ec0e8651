/**
 * One filter expression `[not.]op.value` (pOpExpr in QueryParams.hs): quantifiable comparisons
 * (`eq`, `gt(any)`, `like(all)`, `match`, …), the simple operators (`neq`, `cs`, `ov`, range
 * operators), `in.(…)`, `is.`, `isdistinct.` and full-text search (`fts`, `plfts`, `phfts`,
 * `wfts`, each with an optional `(config)`). Values stay strings, bound later as parameters.
 */
import { parseError } from "./errors.ts";
import { readQuoted, splitTopLevel, unquote } from "./syntax.ts";

export type FilterOp =
  | { kind: "compare"; sql: string; quantifier?: "any" | "all"; value: string }
  | { kind: "simple"; sql: string; value: string }
  | { kind: "in"; values: string[] }
  | { kind: "is"; sql: string }
  | { kind: "isdistinct"; value: string }
  | { kind: "fts"; fn: string; config?: string; value: string };

export interface OpExpr {
  negate: boolean;
  op: FilterOp;
}

const COMPARE: Record<string, string> = {
  eq: "=",
  gte: ">=",
  gt: ">",
  lte: "<=",
  lt: "<",
  like: "like",
  ilike: "ilike",
  match: "~",
  imatch: "~*",
};
const SIMPLE: Record<string, string> = {
  neq: "<>",
  cs: "@>",
  cd: "<@",
  ov: "&&",
  sl: "<<",
  sr: ">>",
  nxr: "&<",
  nxl: "&>",
  adj: "-|-",
};
const FTS: Record<string, string> = {
  fts: "to_tsquery",
  plfts: "plainto_tsquery",
  phfts: "phraseto_tsquery",
  wfts: "websearch_to_tsquery",
};
const IS: Record<string, string> = {
  null: "is null",
  not_null: "is not null",
  true: "is true",
  false: "is false",
  unknown: "is unknown",
};

const COMPARE_RE = /^(eq|gte|gt|lte|lt|like|ilike|match|imatch)(?:\((any|all)\))?\./;
const SIMPLE_RE = /^(neq|cs|cd|ov|sl|sr|nxr|nxl|adj)\./;
const FTS_RE = /^(fts|plfts|phfts|wfts)(?:\(([\p{L}\p{N}_ $]+)\))?\./u;

/** `(a,"b,c")` → ["a", "b,c"] (pListVal); `()` → [""] like PostgREST, which matches nothing. */
function parseList(raw: string, fail: (details: string) => never): string[] {
  const trimmed = raw.trim();
  if (!trimmed.startsWith("(") || !trimmed.endsWith(")")) fail('expecting "("');
  const parts = splitTopLevel(trimmed.slice(1, -1));
  if (!parts) fail("unbalanced quotes or parentheses");
  return parts.map((item) => {
    const quoted = item.startsWith('"') ? readQuoted(item, 0) : null;
    if (quoted && quoted.end === item.length) return quoted.value;
    if (/[()]/.test(item)) fail('unexpected "(" or ")" in list');
    return item;
  });
}

const starToPercent = (value: string) => value.replaceAll("*", "%");

/**
 * Parses `expression` for a filter written as `key=expression` (or `field.expression` inside a
 * logic tree, where `inTree` unquotes a double-quoted value). Null when no operator matches.
 */
export function parseOpExpr(expression: string, inTree: boolean): OpExpr | null {
  const fail = (details: string): never => {
    throw parseError("filter", expression, details);
  };
  let rest = expression;
  const negate = rest.startsWith("not.");
  if (negate) rest = rest.slice(4);
  const value = (from: number) => (inTree ? unquote(rest.slice(from)) : rest.slice(from));

  if (rest.startsWith("in."))
    return { negate, op: { kind: "in", values: parseList(rest.slice(3), fail) } };
  if (rest.startsWith("is.")) {
    const sql = IS[rest.slice(3).toLowerCase()];
    if (!sql) fail("expecting isVal: (null, not_null, true, false, unknown)");
    return { negate, op: { kind: "is", sql: sql as string } };
  }
  if (rest.startsWith("isdistinct.")) {
    return { negate, op: { kind: "isdistinct", value: value("isdistinct.".length) } };
  }
  const fts = FTS_RE.exec(rest);
  if (fts) {
    const fn = FTS[fts[1] ?? ""] as string;
    return { negate, op: { kind: "fts", fn, config: fts[2]?.trim(), value: value(fts[0].length) } };
  }
  const simple = SIMPLE_RE.exec(rest);
  if (simple) {
    return {
      negate,
      op: {
        kind: "simple",
        sql: SIMPLE[simple[1] ?? ""] as string,
        value: value(simple[0].length),
      },
    };
  }
  const compare = COMPARE_RE.exec(rest);
  if (compare) {
    const name = compare[1] ?? "";
    const raw = value(compare[0].length);
    const quantifier = compare[2] as "any" | "all" | undefined;
    const isPattern = name === "like" || name === "ilike";
    return {
      negate,
      op: {
        kind: "compare",
        sql: COMPARE[name] as string,
        quantifier,
        value: isPattern ? starToPercent(raw) : raw,
      },
    };
  }
  return null;
}
