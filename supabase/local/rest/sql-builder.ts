/**
 * Builds SQL from the parsed request. Identifiers come only from the catalog (already
 * validated) and are double-quoted; every value is a bound parameter. The target table is
 * always aliased `_t`.
 */
import type { TableInfo } from "./catalog.ts";
import type { Condition, OrderTerm, SelectItem } from "./query-parser.ts";

export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const tableRef = (table: TableInfo) => `"public".${quoteIdent(table.name)}`;
const col = (name: string) => `_t.${quoteIdent(name)}`;

const COMPARISONS: Record<string, string> = {
  eq: "=",
  neq: "<>",
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  like: "like",
  ilike: "ilike",
  cs: "@>",
  cd: "<@",
  ov: "&&",
};

const IS_SQL: Record<string, string> = {
  null: "is null",
  not_null: "is not null",
  true: "is true",
  false: "is false",
  unknown: "is unknown",
};

/** Postgres array literal for `in.(…)` values: {"a","b \"c\""}. */
function arrayLiteral(values: string[]): string {
  const items = values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`);
  return `{${items.join(",")}}`;
}

function conditionSql(condition: Condition, params: Params): string {
  let sql: string;
  if (condition.kind === "logic") {
    const parts = condition.children.map((child) => conditionSql(child, params));
    const joiner = condition.op === "and" ? " and " : " or ";
    sql = parts.length === 0 ? (condition.op === "and" ? "true" : "false") : parts.join(joiner);
    sql = `(${sql})`;
  } else if (condition.op === "in") {
    const values = Array.isArray(condition.value) ? condition.value : [condition.value];
    sql = `${col(condition.column)} = any(${params.add(arrayLiteral(values))})`;
  } else if (condition.op === "is") {
    sql = `${col(condition.column)} ${IS_SQL[String(condition.value)] ?? "is null"}`;
  } else {
    sql = `${col(condition.column)} ${COMPARISONS[condition.op]} ${params.add(condition.value)}`;
  }
  return condition.negate ? `not ${sql}` : sql;
}

export function whereSql(conditions: Condition[], params: Params): string {
  if (conditions.length === 0) return "";
  return ` where ${conditions.map((condition) => conditionSql(condition, params)).join(" and ")}`;
}

export function selectListSql(items: SelectItem[]): string {
  return items
    .map((item) => {
      if (item.column === "*") return "_t.*";
      return item.alias ? `${col(item.column)} as ${quoteIdent(item.alias)}` : col(item.column);
    })
    .join(", ");
}

export function orderSql(terms: OrderTerm[]): string {
  if (terms.length === 0) return "";
  const parts = terms.map((term) => {
    const nulls = term.nulls ? ` nulls ${term.nulls}` : "";
    return `${col(term.column)} ${term.descending ? "desc" : "asc"}${nulls}`;
  });
  return ` order by ${parts.join(", ")}`;
}

/** Wraps a row source into one row: the JSON array text and the row count. */
export function aggregateSql(source: string, items: SelectItem[]): string {
  return `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n
            from (select ${selectListSql(items)} from ${source}) as _r`;
}
