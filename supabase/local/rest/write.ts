/**
 * INSERT (with upsert), UPDATE and DELETE, each one statement in the caller's transaction.
 * With `return=representation` the changed rows come back as the negotiated body; otherwise
 * only the number of affected rows. UPDATE and DELETE without a filter are refused as
 * pg-safeupdate (loaded on hosted Supabase) refuses them.
 */
import type { Tx } from "../db/types.ts";
import { isPlainObject } from "../http.ts";
import { bodyQuery } from "./body-sql.ts";
import type { TableInfo } from "./catalog.ts";
import { invalidBody, RestError, unknownBodyColumn } from "./errors.ts";
import type { Output } from "./media.ts";
import type { Condition } from "./query-parser.ts";
import { requireColumn } from "./select-check.ts";
import type { SelectItem } from "./select-parser.ts";
import { Params, quoteIdent, selectListSql, tableRef, whereSql } from "./sql-builder.ts";

export interface WriteResult {
  /** Body text, only with return=representation. */
  body?: string;
  rows: number;
  /** Rows that were inserted rather than merged (upsert with merge-duplicates). */
  inserted?: number;
}

export interface WritePlan {
  items: SelectItem[];
  conditions: Condition[];
  /** Set for return=representation. */
  output?: Output;
}

export interface InsertPlan extends WritePlan {
  columns?: string[];
  /** Prefer: missing=default — keys absent from a row take the column default, not NULL. */
  missingDefault?: boolean;
  onConflict?: string[];
  resolution?: "merge-duplicates" | "ignore-duplicates";
}

const INSERTED_GUC = "pgrst.inserted";
const insertedCounter = (step: 1 | -1) =>
  `set_config('${INSERTED_GUC}', (coalesce(nullif(current_setting('${INSERTED_GUC}', true), '')::int, 0) ${step > 0 ? "+" : "-"} 1)::text, true) <> '${step > 0 ? "0" : "-1"}'`;
const INSERTED_SQL = `, coalesce(nullif(current_setting('${INSERTED_GUC}', true), '')::int, 0) as inserted`;

/**
 * Runs one or more data-changing statements (all on the same table) as ONE statement: each
 * is a CTE and `_w` is their union, from which the body, the row count and, for upserts, the
 * number of inserted rows are read.
 */
async function run(
  tx: Tx,
  statements: string[],
  params: Params,
  plan: WritePlan,
  countInserted = false,
): Promise<WriteResult> {
  const [only] = statements;
  if (only !== undefined && statements.length === 1 && !plan.output && !countInserted) {
    const result = await tx.query(only, params.values);
    return { rows: result.affectedRows ?? 0 };
  }
  const returning = plan.output ? "_t.*" : "1";
  const ctes = statements.map((statement, i) => `_w${i} as (${statement} returning ${returning})`);
  const union = statements.map((_, i) => `select * from _w${i}`).join(" union all ");
  const rows = plan.output
    ? `select ${selectListSql(plan.items)} from _w as _t`
    : "select 1 from _w";
  const output = plan.output ?? { kind: "json", stripNulls: false };
  const extra = countInserted ? INSERTED_SQL : "";
  const sql = `with ${ctes.join(", ")}, _w as (${union}), ${bodyQuery(rows, output, "rows", extra)}`;
  const {
    rows: [row],
  } = await tx.query<{ body: string; n: number; inserted?: number }>(sql, params.values);
  return { body: plan.output ? row?.body : undefined, rows: row?.n ?? 0, inserted: row?.inserted };
}

/** The result of a write that touched nothing (empty payload), in the negotiated shape. */
async function nothingWritten(
  tx: Tx,
  table: TableInfo,
  plan: WritePlan,
  inserted?: number,
): Promise<WriteResult> {
  if (!plan.output) return { rows: 0, inserted };
  const rows = `select ${selectListSql(plan.items)} from ${tableRef(table)} as _t where false`;
  const {
    rows: [row],
  } = await tx.query<{ body: string }>(`with ${bodyQuery(rows, plan.output, "rows")}`);
  return { body: row?.body, rows: 0, inserted };
}

function bodyColumns(table: TableInfo, row: Record<string, unknown>): string[] {
  const columns = Object.keys(row);
  for (const column of columns) {
    if (!table.columns.has(column)) throw unknownBodyColumn(table.name, column);
  }
  return columns;
}

export function requireWhere(kind: "UPDATE" | "DELETE", conditions: Condition[]): void {
  if (conditions.length === 0) throw new RestError(400, "21000", `${kind} requires a WHERE clause`);
}

function conflictClause(table: TableInfo, columns: string[], plan: InsertPlan): string {
  if (!plan.resolution) return "";
  const target = plan.onConflict?.map((column) => requireColumn(table, column)) ?? table.primaryKey;
  if (target.length === 0) return "";
  const conflict = ` on conflict (${target.map(quoteIdent).join(", ")})`;
  if (plan.resolution === "ignore-duplicates" || columns.length === 0)
    return `${conflict} do nothing`;
  const sets = columns.map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`);
  return `${conflict} do update set ${sets.join(", ")} where ${insertedCounter(-1)}`;
}

function insertStatement(
  table: TableInfo,
  rows: Record<string, unknown>[],
  columns: string[],
  plan: InsertPlan,
  params: Params,
): string {
  const target = `insert into ${tableRef(table)} as _t`;
  let statement: string;
  if (columns.length === 0) {
    if (rows.length > 1)
      throw invalidBody("rows without columns can only be inserted one at a time");
    statement = `${target} default values`;
  } else {
    const list = columns.map(quoteIdent).join(", ");
    const json = params.add(JSON.stringify(rows));
    const counted = plan.resolution === "merge-duplicates" ? ` where ${insertedCounter(1)}` : "";
    statement = `${target} (${list}) select ${list} from json_populate_recordset(null::${tableRef(table)}, ${json}::json)${counted}`;
  }
  return statement + conflictClause(table, columns, plan);
}

/** Rows grouped by their key set, so keys absent from a row take the column default. */
function groupByKeys(table: TableInfo, rows: Record<string, unknown>[], plan: InsertPlan) {
  if (plan.columns && !plan.missingDefault) return new Map([[plan.columns, rows]]);
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
  return new Map(
    [...groups].map(([signature, group]) => [JSON.parse(signature) as string[], group]),
  );
}

export async function insertRows(
  tx: Tx,
  table: TableInfo,
  body: unknown,
  plan: InsertPlan,
): Promise<WriteResult> {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject))
    throw invalidBody("expected a JSON object or an array of objects");
  for (const column of plan.columns ?? []) {
    if (!table.columns.has(column)) throw unknownBodyColumn(table.name, column);
  }
  const merging = plan.resolution === "merge-duplicates";
  if (rows.length === 0) return nothingWritten(tx, table, plan, merging ? 0 : undefined);
  const params = new Params();
  const groups = [...groupByKeys(table, rows, plan)];
  const statements = groups.map(([columns, group]) =>
    insertStatement(table, group, columns, plan, params),
  );
  const countInserted = merging && groups.some(([columns]) => columns.length > 0);
  return run(tx, statements, params, plan, countInserted);
}

export async function updateRows(
  tx: Tx,
  table: TableInfo,
  body: unknown,
  plan: WritePlan,
): Promise<WriteResult> {
  if (!isPlainObject(body)) throw invalidBody("expected a JSON object");
  const columns = bodyColumns(table, body);
  if (columns.length === 0) return nothingWritten(tx, table, plan);
  requireWhere("UPDATE", plan.conditions);
  const params = new Params();
  const json = params.add(JSON.stringify(body));
  const sets = columns.map((column) => `${quoteIdent(column)} = _v.${quoteIdent(column)}`);
  const statement =
    `update ${tableRef(table)} as _t set ${sets.join(", ")}` +
    ` from json_populate_record(null::${tableRef(table)}, ${json}::json) as _v` +
    whereSql(plan.conditions, params);
  return run(tx, [statement], params, plan);
}

export async function deleteRows(tx: Tx, table: TableInfo, plan: WritePlan): Promise<WriteResult> {
  requireWhere("DELETE", plan.conditions);
  const params = new Params();
  const statement = `delete from ${tableRef(table)} as _t${whereSql(plan.conditions, params)}`;
  return run(tx, [statement], params, plan);
}
