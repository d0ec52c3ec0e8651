/**
 * Builds SQL from the parsed request. Identifiers come only from the catalog (already
 * validated) and are double-quoted; every value is a bound parameter. The row source is
 * always aliased `_t`.
 */
import type { TableInfo } from "./catalog.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import type { OrderTerm } from "./order-parser.ts";
import type { Condition, FilterOp } from "./query-parser.ts";
import type { SelectItem } from "./select-parser.ts";

export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (name: string) => `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(name)}`;
export const tableRef = (table: TableInfo) => qualified(table.name);
const col = (name: string) => `_t.${quoteIdent(name)}`;

/** Postgres array literal of text values: {"a","b \"c\""} (pgBuildArrayLiteral). */
export function arrayLiteral(values: string[]): string {
  const items = values.map(
    (value) => `"${value.replaceAll("\0", "").replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(",")}}`;
}

function operationSql(column: string, op: FilterOp, tsvector: boolean, params: Params): string {
  switch (op.kind) {
    case "compare": {
      const value = params.add(op.value);
      const operand = op.quantifier ? `${op.quantifier}(${value})` : value;
      return `${column} ${op.sql} ${operand}`;
    }
    case "simple":
      return `${column} ${op.sql} ${params.add(op.value)}`;
    case "in":
      if (op.values.length === 1 && op.values[0] === "") return `${column} = any('{}')`;
      return `${column} = any(${params.add(arrayLiteral(op.values))})`;
    case "is":
      return `${column} ${op.sql}`;
    case "isdistinct":
      return `${column} is distinct from ${params.add(op.value)}`;
    case "fts": {
      const config = op.config === undefined ? "" : `${params.add(op.config)}, `;
      const document = tsvector ? column : `to_tsvector(${config}${column})`;
      return `${document} @@ ${op.fn}(${config}${params.add(op.value)})`;
    }
  }
}

function conditionSql(condition: Condition, params: Params): string {
  let sql: string;
  if (condition.kind === "logic") {
    const parts = condition.children.map((child) => conditionSql(child, params));
    const joiner = condition.op === "and" ? " and " : " or ";
    sql = parts.length === 0 ? (condition.op === "and" ? "true" : "false") : parts.join(joiner);
    sql = `(${sql})`;
  } else {
    sql = operationSql(col(condition.column), condition.op, condition.tsvector, params);
  }
  return condition.negate ? `not (${sql})` : sql;
}

export function whereSql(conditions: Condition[], params: Params): string {
  if (conditions.length === 0) return "";
  return ` where ${conditions.map((condition) => conditionSql(condition, params)).join(" and ")}`;
}

/** The select list; a cast is applied to the column, and its output name stays the column's. */
export function selectListSql(items: SelectItem[]): string {
  return items
    .map((item) => {
      if (item.kind === "star") return "_t.*";
      const value = item.cast ? `cast(${col(item.column)} as ${item.cast})` : col(item.column);
      return `${value} as ${quoteIdent(item.alias ?? item.column)}`;
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

export function limitOffsetSql(range: { offset: number; limit?: number }, params: Params): string {
  let sql = "";
  if (range.limit !== undefined) sql += ` limit ${params.add(range.limit)}`;
  if (range.offset > 0) sql += ` offset ${params.add(range.offset)}`;
  return sql;
}
