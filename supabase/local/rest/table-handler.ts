/**
 * /rest/v1/<table>: GET/HEAD (read), POST (insert, upsert), PATCH (update), DELETE, with
 * PostgREST's statuses, `Content-Range`, `Preference-Applied`, and checks in its order:
 * query syntax and select → preferences → media type → database.
 */

import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import type { Catalog, TableInfo } from "./catalog.ts";
import { notImplemented, RestError } from "./errors.ts";
import { readJsonBody } from "./json-body.ts";
import { negotiate, type Output } from "./media.ts";
import { parseFieldList, parseOrder } from "./order-parser.ts";
import {
  assertMaxAffected,
  assertValidPreferences,
  countsRows,
  type Preferences,
  preferenceApplied,
} from "./prefer.ts";
import { parseQuery } from "./query-parser.ts";
import { contentRange, readStatus, requestedRange } from "./range.ts";
import { readRows } from "./read.ts";
import { assertSingle, type Reply } from "./reply.ts";
import { checkSelect } from "./select-check.ts";
import { parseSelect } from "./select-parser.ts";
import { tableRef } from "./sql-builder.ts";
import { type RequestScope, runAs } from "./transaction.ts";
import { deleteRows, insertRows, updateRows, type WriteResult } from "./write.ts";

interface TableRequest {
  ctx: BackendContext;
  scope: RequestScope;
  table: TableInfo;
  query: URLSearchParams;
  prefs: Preferences;
}

function withPreferences(headers: Reply["headers"], applied: string | undefined) {
  if (applied) headers["Preference-Applied"] = applied;
  return headers;
}

async function read(request: TableRequest, catalog: Catalog): Promise<Reply> {
  const { ctx, scope, table, query, prefs } = request;
  const items = checkSelect(parseSelect(query.get("select")), table, catalog);
  const { conditions } = parseQuery(query, table);
  const order = parseOrder(query.get("order"), table);
  const range = requestedRange(scope.req, query);
  const output = negotiate(scope.req);
  assertValidPreferences(prefs);
  const result = await runAs(ctx, scope, true, (tx) =>
    readRows(tx, {
      from: `${tableRef(table)} as _t`,
      items,
      conditions,
      order,
      range,
      output,
      shape: "rows",
      count: prefs.count,
    }),
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

async function mutate(request: TableRequest, catalog: Catalog): Promise<Reply> {
  const { table, query, prefs, scope } = request;
  const method = scope.req.method;
  const items = checkSelect(parseSelect(query.get("select")), table, catalog);
  const { conditions } = parseQuery(query, table);
  const columns = query.get("columns");
  const onConflict = query.get("on_conflict");
  const body = method === "DELETE" ? undefined : (await readJsonBody(scope.req)).value;
  assertValidPreferences(prefs);
  const output = negotiate(scope.req);
  const returned = prefs.representation === "representation" ? output : undefined;
  const plan = { items, conditions, output: returned };
  const total = (rows: number) => (countsRows(prefs.count) ? rows : undefined);

  if (method === "POST") {
    const conflictColumns = onConflict ? parseFieldList(onConflict, "on_conflict") : undefined;
    const result = await write(
      request,
      output,
      (tx) =>
        insertRows(tx, table, body, {
          ...plan,
          columns: columns ? parseFieldList(columns, "columns") : undefined,
          missingDefault: prefs.missing === "default",
          onConflict: conflictColumns,
          resolution: prefs.resolution,
        }),
      false,
    );
    const keyed = table.primaryKey.length > 0 || conflictColumns !== undefined;
    const merged = prefs.resolution === "merge-duplicates" && (result.inserted ?? 0) <= 0;
    const headers = withPreferences(
      { "Content-Range": contentRange(1, 0, total(result.rows)) },
      preferenceApplied(prefs, "insert", keyed),
    );
    return { status: merged ? 200 : 201, headers, body: result.body ?? "", output: returned };
  }
  const updating = method === "PATCH";
  const result = await write(
    request,
    output,
    (tx) => (updating ? updateRows(tx, table, body, plan) : deleteRows(tx, table, plan)),
    true,
  );
  const range = updating
    ? contentRange(0, result.rows - 1, total(result.rows))
    : contentRange(1, 0, total(result.rows));
  const headers = withPreferences(
    { "Content-Range": range },
    preferenceApplied(prefs, updating ? "update" : "delete"),
  );
  return returned
    ? { status: 200, headers, body: result.body, output: returned }
    : { status: 204, headers };
}

export function handleTable(request: TableRequest, catalog: Catalog): Promise<Reply> {
  const method = request.scope.req.method;
  if (method === "GET" || method === "HEAD") return read(request, catalog);
  if (method === "POST" || method === "PATCH" || method === "DELETE") {
    return mutate(request, catalog);
  }
  if (method === "PUT") {
    throw notImplemented("PUT (single-row upsert) is not implemented by the embedded backend");
  }
  throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
}
