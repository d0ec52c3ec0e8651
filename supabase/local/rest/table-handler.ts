/**
 * /rest/v1/<table>: runs a request's plan (table-plan.ts) — GET/HEAD read, POST insert and
 * upsert, PATCH update, DELETE — in the role's transaction, with PostgREST's statuses,
 * `Content-Range` and `Preference-Applied`.
 */

import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import type { TableInfo } from "./catalog.ts";
import type { Output } from "./media.ts";
import { assertMaxAffected, countsRows, type Preferences, preferenceApplied } from "./prefer.ts";
import { contentRange, readStatus } from "./range.ts";
import { readRows } from "./read.ts";
import { assertSingle, type Reply } from "./reply.ts";
import { tableRef } from "./sql-builder.ts";
import type { MutationPlan, RowsPlan, TablePlan } from "./table-plan.ts";
import { type RequestScope, runAs } from "./transaction.ts";
import { deleteRows, insertRows, updateRows, type WriteResult } from "./write.ts";

interface TableRequest {
  ctx: BackendContext;
  scope: RequestScope;
  table: TableInfo;
  prefs: Preferences;
}

function withPreferences(headers: Reply["headers"], applied: string | undefined) {
  if (applied) headers["Preference-Applied"] = applied;
  return headers;
}

async function read(request: TableRequest, plan: RowsPlan): Promise<Reply> {
  const { ctx, scope, table, prefs } = request;
  const { output, range } = plan;
  const result = await runAs(ctx, scope, true, (tx) =>
    readRows(tx, { ...plan, from: `${tableRef(table)} as _t`, shape: "rows", count: prefs.count }),
  );
  assertSingle(output, result.rows);
  const { status, range: header } = readStatus(range.offset, result.rows, result.total);
  const headers = withPreferences({ "Content-Range": header }, preferenceApplied(prefs, "read"));
  return { status, headers, body: result.body, output };
}

/** Runs a write in the role's transaction; singular and max-affected failures roll it back. */
function write(
  request: TableRequest,
  output: Output,
  fn: (tx: Tx) => Promise<WriteResult>,
  checkMaxAffected: boolean,
): Promise<WriteResult> {
  return runAs(request.ctx, request.scope, false, async (tx) => {
    const result = await fn(tx);
    assertSingle(output, result.rows);
    if (checkMaxAffected) assertMaxAffected(request.prefs, result.rows);
    return result;
  });
}

async function insert(request: TableRequest, plan: MutationPlan): Promise<Reply> {
  const { table, prefs } = request;
  const { items, conditions, output, returned, body, columns, onConflict } = plan;
  const result = await write(
    request,
    output,
    (tx) =>
      insertRows(tx, table, body, {
        items,
        conditions,
        output: returned,
        columns,
        missingDefault: prefs.missing === "default",
        onConflict,
        resolution: prefs.resolution,
      }),
    false,
  );
  const keyed = table.primaryKey.length > 0 || onConflict !== undefined;
  const merged = prefs.resolution === "merge-duplicates" && (result.inserted ?? 0) <= 0;
  const total = countsRows(prefs.count) ? result.rows : undefined;
  const headers = withPreferences(
    { "Content-Range": contentRange(1, 0, total) },
    preferenceApplied(prefs, "insert", keyed),
  );
  return { status: merged ? 200 : 201, headers, body: result.body ?? "", output: returned };
}

async function updateOrDelete(request: TableRequest, plan: MutationPlan): Promise<Reply> {
  const { table, prefs } = request;
  const { items, conditions, output, returned, body } = plan;
  const updating = plan.kind === "update";
  const written = { items, conditions, output: returned };
  const result = await write(
    request,
    output,
    (tx) => (updating ? updateRows(tx, table, body, written) : deleteRows(tx, table, written)),
    true,
  );
  const total = countsRows(prefs.count) ? result.rows : undefined;
  const range = updating ? contentRange(0, result.rows - 1, total) : contentRange(1, 0, total);
  const headers = withPreferences(
    { "Content-Range": range },
    preferenceApplied(prefs, updating ? "update" : "delete"),
  );
  return returned
    ? { status: 200, headers, body: result.body, output: returned }
    : { status: 204, headers };
}

/** Runs the plan of a request to the table. */
export function runTablePlan(request: TableRequest, plan: TablePlan): Promise<Reply> {
  if (plan.kind === "read") return read(request, plan);
  if (plan.kind === "insert") return insert(request, plan);
  return updateOrDelete(request, plan);
}
