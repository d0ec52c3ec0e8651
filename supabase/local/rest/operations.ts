/** The four PostgREST operations, each run inside the caller's role-scoped transaction. */
import type { Transaction } from "@electric-sql/pglite";
import { isPlainObject } from "../http.ts";
import type { TableInfo } from "./catalog.ts";
import { invalidBody, RestError, unknownBodyColumn } from "./errors.ts";
import type { Condition, OrderTerm, SelectItem } from "./query-parser.ts";
import { requireColumn } from "./query-parser.ts";
import { aggregateSql, orderSql, Params, quoteIdent, tableRef, whereSql } from "./sql-builder.ts";

export interface RowsResult {
  /** JSON array text, or undefined for return=minimal. */
  body?: string;
  rows: number;
  total?: number;
}

export interface ReadPlan {
  select: SelectItem[];
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset: number;
  count: boolean;
}

export interface WritePlan {
  select: SelectItem[];
  where: Condition[];
  returnRows: boolean;
}

export interface InsertPlan extends WritePlan {
  columns?: string[];
  /** Prefer: missing=default — keys absent from a row take the column default, not NULL. */
  missingDefault?: boolean;
  onConflict?: string[];
  resolution?: "merge-duplicates" | "ignore-duplicates";
}

async function aggregate(tx: Transaction, sql: string, params: Params): Promise<RowsResult> {
  const { rows } = await tx.query<{ body: string; n: number }>(sql, params.values);
  return { body: rows[0]?.body ?? "[]", rows: rows[0]?.n ?? 0 };
}

export async function readRows(tx: Transaction, table: TableInfo, plan: ReadPlan) {
  const params = new Params();
  const where = whereSql(plan.where, params);
  let source = `${tableRef(table)} as _t${where}${orderSql(plan.order)}`;
  if (plan.limit !== undefined) source += ` limit ${params.add(plan.limit)}`;
  if (plan.offset > 0) source += ` offset ${params.add(plan.offset)}`;
  const result = await aggregate(tx, aggregateSql(source, plan.select), params);
  if (plan.count) {
    const countParams = new Params();
    const countWhere = whereSql(plan.where, countParams);
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from ${tableRef(table)} as _t${countWhere}`,
      countParams.values,
    );
    result.total = rows[0]?.n ?? 0;
  }
  return result;
}

/** Runs a data-changing statement, returning the rows as JSON only when asked to. */
async function write(
  tx: Transaction,
  statement: string,
  params: Params,
  plan: WritePlan,
): Promise<RowsResult> {
  if (!plan.returnRows) {
    const result = await tx.query(statement, params.values);
    return { rows: result.affectedRows ?? 0 };
  }
  const sql = `with _w as (${statement} returning _t.*) ${aggregateSql("_w as _t", plan.select)}`;
  return aggregate(tx, sql, params);
}

function bodyColumns(table: TableInfo, row: Record<string, unknown>): string[] {
  const columns = Object.keys(row);
  for (const column of columns) {
    if (!table.columns.has(column)) throw unknownBodyColumn(table.name, column);
  }
  return columns;
}

export async function insertRows(
  tx: Transaction,
  table: TableInfo,
  body: unknown,
  plan: InsertPlan,
): Promise<RowsResult> {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject))
    throw invalidBody("expected a JSON object or an array of objects");
  for (const column of plan.columns ?? []) {
    if (!table.columns.has(column)) throw unknownBodyColumn(table.name, column);
  }
  if (plan.columns && !plan.missingDefault) {
    return insertBatch(tx, table, rows, plan.columns, plan);
  }
  // Rows are inserted in groups of identical key sets, so absent keys get their defaults.
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const keys = bodyColumns(table, row).filter(
      (key) => !plan.columns || plan.columns.includes(key),
    );
    const signature = JSON.stringify(keys.sort());
    groups.set(signature, [...(groups.get(signature) ?? []), row]);
  }
  if (groups.size > 1 && !plan.missingDefault && !plan.columns) {
    throw invalidBody("All object keys must match");
  }
  const results: RowsResult[] = [];
  for (const [signature, group] of groups) {
    results.push(await insertBatch(tx, table, group, JSON.parse(signature) as string[], plan));
  }
  const merged = results.flatMap((result) => (result.body ? JSON.parse(result.body) : []));
  return {
    body: plan.returnRows ? JSON.stringify(merged) : undefined,
    rows: results.reduce((sum, result) => sum + result.rows, 0),
  };
}

async function insertBatch(
  tx: Transaction,
  table: TableInfo,
  rows: Record<string, unknown>[],
  columns: string[],
  plan: InsertPlan,
): Promise<RowsResult> {
  if (rows.length === 0) return { body: plan.returnRows ? "[]" : undefined, rows: 0 };
  const params = new Params();
  const target = `insert into ${tableRef(table)} as _t`;
  let statement: string;
  if (columns.length === 0) {
    if (rows.length > 1)
      throw invalidBody("rows without columns can only be inserted one at a time");
    statement = `${target} default values`;
  } else {
    const list = columns.map(quoteIdent).join(", ");
    const json = params.add(JSON.stringify(rows));
    statement = `${target} (${list}) select ${list} from json_populate_recordset(null::${tableRef(table)}, ${json}::json)`;
  }
  statement += conflictClause(table, columns, plan);
  return write(tx, statement, params, plan);
}

function conflictClause(table: TableInfo, columns: string[], plan: InsertPlan): string {
  if (!plan.resolution) return "";
  const target = plan.onConflict?.map((column) => requireColumn(table, column)) ?? table.primaryKey;
  if (target.length === 0) {
    throw new RestError(400, "PGRST100", "on_conflict requires columns or a primary key");
  }
  const conflict = ` on conflict (${target.map(quoteIdent).join(", ")})`;
  const updates = columns.filter((column) => !target.includes(column));
  if (plan.resolution === "ignore-duplicates" || updates.length === 0)
    return `${conflict} do nothing`;
  const sets = updates.map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`);
  return `${conflict} do update set ${sets.join(", ")}`;
}

export async function updateRows(
  tx: Transaction,
  table: TableInfo,
  body: unknown,
  plan: WritePlan,
): Promise<RowsResult> {
  if (!isPlainObject(body)) throw invalidBody("expected a JSON object");
  const columns = bodyColumns(table, body);
  if (columns.length === 0) return { body: plan.returnRows ? "[]" : undefined, rows: 0 };
  const params = new Params();
  const json = params.add(JSON.stringify(body));
  const sets = columns.map((column) => `${quoteIdent(column)} = _v.${quoteIdent(column)}`);
  const statement =
    `update ${tableRef(table)} as _t set ${sets.join(", ")}` +
    ` from json_populate_record(null::${tableRef(table)}, ${json}::json) as _v` +
    whereSql(plan.where, params);
  return write(tx, statement, params, plan);
}

export async function deleteRows(
  tx: Transaction,
  table: TableInfo,
  plan: WritePlan,
): Promise<RowsResult> {
  const params = new Params();
  const statement = `delete from ${tableRef(table)} as _t${whereSql(plan.where, params)}`;
  return write(tx, statement, params, plan);
}
