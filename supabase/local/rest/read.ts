/**
 * Reads rows from a source (a table, or a function call's CTE) in one statement: the page as
 * the negotiated body, its row count, and the total when `count=exact|estimated` asks for it.
 * `count=planned` (and `estimated` past the row limit) uses the planner's estimate (EXPLAIN).
 */
import type { Tx } from "../db/types.ts";
import { bodyQuery, type Shape } from "./body-sql.ts";
import type { Output } from "./media.ts";
import type { OrderTerm } from "./order-parser.ts";
import type { CountPreference } from "./prefer.ts";
import type { Condition } from "./query-parser.ts";
import type { RowRange } from "./range.ts";
import type { SelectItem } from "./select-parser.ts";
import { limitOffsetSql, orderSql, Params, selectListSql, whereSql } from "./sql-builder.ts";

/** Hosted Supabase's default `db-max-rows`; `count=estimated` counts exactly up to it. */
export const ESTIMATE_THRESHOLD = 1000;

export interface ReadPlan {
  /** Optional CTEs (without `with`), e.g. `_src as (select … from fn(…))`. */
  ctes?: string;
  /** Row source aliased `_t`, e.g. `"public"."posts" as _t`. */
  from: string;
  items: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  range: RowRange;
  output: Output;
  shape: Shape;
  count?: CountPreference;
  /** Parameters already referenced by `ctes`. */
  params?: Params;
}

export interface ReadResult {
  body: string;
  rows: number;
  total?: number;
}

function withCtes(ctes: string | undefined, rest: string): string {
  return `with ${ctes ? `${ctes}, ` : ""}${rest}`;
}

async function plannedCount(tx: Tx, plan: ReadPlan): Promise<number | undefined> {
  const params = new Params();
  params.values.push(...(plan.params?.values ?? []));
  const where = whereSql(plan.conditions, params);
  const sql = `explain (format json) ${plan.ctes ? `with ${plan.ctes} ` : ""}select 1 from ${plan.from}${where}`;
  const { rows } = await tx.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    sql,
    params.values,
  );
  return rows[0]?.["QUERY PLAN"]?.[0]?.Plan?.["Plan Rows"];
}

export async function readRows(tx: Tx, plan: ReadPlan): Promise<ReadResult> {
  const params = new Params();
  params.values.push(...(plan.params?.values ?? []));
  const where = whereSql(plan.conditions, params);
  const page =
    `select ${selectListSql(plan.items)} from ${plan.from}${where}${orderSql(plan.order)}` +
    limitOffsetSql(plan.range, params);
  const paged = plan.range.limit !== undefined || plan.range.offset > 0;
  const exact = plan.count === "exact" || plan.count === "estimated";
  let extra = "";
  if (exact && paged) {
    const limit = plan.count === "estimated" ? ` limit ${ESTIMATE_THRESHOLD + 1}` : "";
    extra = `, (select count(*) from (select 1 from ${plan.from}${where}${limit}) as _c)::int as total`;
  }
  const sql = withCtes(plan.ctes, bodyQuery(page, plan.output, plan.shape, extra));
  const { rows } = await tx.query<{ body: string; n: number; total?: number }>(sql, params.values);
  const row = rows[0] ?? { body: "[]", n: 0 };
  const result: ReadResult = { body: row.body, rows: row.n };
  if (exact) result.total = paged ? (row.total ?? 0) : row.n;
  if (plan.count === "planned") result.total = await plannedCount(tx, plan);
  if (plan.count === "estimated" && (result.total ?? 0) > ESTIMATE_THRESHOLD) {
    result.total = Math.max(result.total ?? 0, (await plannedCount(tx, plan)) ?? 0);
  }
  return result;
}
