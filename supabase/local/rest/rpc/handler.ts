/**
 * /rest/v1/rpc/<fn>: POST with named JSON arguments, GET/HEAD with query-string arguments.
 * The call runs in the caller's role transaction (EXECUTE grants, RLS and SECURITY DEFINER
 * apply as in Postgres), read-only for GET/HEAD and for stable/immutable functions, so a
 * volatile function that writes fails on GET (25006 → 405) as on PostgREST. Set-returning
 * results accept select, filters, order, limit/offset and counts.
 */
import type { BackendContext } from "../../context.ts";
import { isPlainObject } from "../../http.ts";
import type { Shape } from "../body-sql.ts";
import { SCALAR_COLUMN } from "../body-sql.ts";
import type { Catalog, Routine, TableInfo } from "../catalog.ts";
import { notImplemented, RestError } from "../errors.ts";
import { readJsonBody } from "../json-body.ts";
import { assertMaxAffected, type Preferences, preferenceApplied } from "../prefer.ts";
import { rpcArguments } from "../query-parser.ts";
import { readStatus } from "../range.ts";
import { readRows } from "../read.ts";
import { assertSingle, type Reply } from "../reply.ts";
import { Params } from "../sql-builder.ts";
import { planRows } from "../table-plan.ts";
import { type RequestScope, runAs } from "../transaction.ts";
import { type CallArgs, callCte } from "./call-sql.ts";
import { resolveRoutine } from "./resolve.ts";

interface RpcRequest {
  ctx: BackendContext;
  scope: RequestScope;
  name: string;
  query: URLSearchParams;
  prefs: Preferences;
}

function shapeOf(routine: Routine): Shape {
  if (routine.returnsComposite) return routine.returnsSet ? "rows" : "record";
  return routine.returnsSet ? "scalars" : "scalar";
}

/** The function's result seen as a table, so select/filters/order are checked like columns. */
function resultTable(routine: Routine): TableInfo {
  const columns = routine.returnsComposite ? routine.columns : [SCALAR_COLUMN];
  return {
    name: routine.table ?? routine.name,
    columns: new Set(columns),
    types: new Map(),
    primaryKey: [],
  };
}

/** Arguments of a POST body: its keys (first object of an array) and the JSON text. */
async function bodyArguments(scope: RequestScope) {
  const contentType = (scope.req.header("content-type") ?? "application/json").toLowerCase();
  if (!contentType.startsWith("application/json")) {
    throw notImplemented(
      "RPC bodies other than application/json are not implemented by the embedded backend",
    );
  }
  const { text, value } = await readJsonBody(scope.req, {});
  const first = Array.isArray(value) ? value[0] : value;
  const keys = isPlainObject(first) ? Object.keys(first) : [];
  const recordText = Array.isArray(value) ? JSON.stringify(first ?? {}) : text;
  return { text, keys, recordText };
}

function queryArguments(args: [string, string][]): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const [key, value] of args) values.set(key, [...(values.get(key) ?? []), value]);
  return values;
}

/** PGRST128: a strict max-affected limit needs a set-returning function. */
function assertMaxAffectedApplies(prefs: Preferences, routine: Routine): void {
  if (prefs.handling === "strict" && prefs.maxAffected !== undefined && !routine.returnsSet) {
    throw new RestError(
      400,
      "PGRST128",
      "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
    );
  }
}

/** A call by GET, HEAD or POST (other methods are refused by the route table: rest/handler.ts). */
export async function handleRpc(request: RpcRequest, catalog: Catalog): Promise<Reply> {
  const { ctx, scope, name, query, prefs } = request;
  const isPost = scope.req.method === "POST";
  const queryArgs = isPost ? [] : rpcArguments(query);
  const body = isPost ? await bodyArguments(scope) : undefined;
  const keys = body ? body.keys : [...new Set(queryArgs.map(([key]) => key))];
  const target = await resolveRoutine(catalog, {
    name,
    keys,
    jsonPost: isPost,
    singleObject: prefs.singleObject,
  });
  const { routine } = target;
  const plan = planRows(scope.req, resultTable(routine), catalog, prefs, !isPost);
  assertMaxAffectedApplies(prefs, routine);

  let args: CallArgs;
  if (target.wholeBody) {
    args = { kind: "whole", text: body?.text ?? JSON.stringify(Object.fromEntries(queryArgs)) };
  } else if (body) args = { kind: "json", text: body.recordText, keys };
  else args = { kind: "query", values: queryArguments(queryArgs) };

  const params = new Params();
  const ctes = callCte(routine, args, params);
  const readOnly = !isPost || routine.volatility !== "v";
  const result = await runAs(ctx, scope, readOnly, async (tx) => {
    const rows = await readRows(tx, {
      ...plan,
      ctes,
      params,
      from: "_src as _t",
      shape: shapeOf(routine),
      count: prefs.count,
    });
    assertSingle(plan.output, rows.rows);
    assertMaxAffected(prefs, rows.rows);
    return rows;
  });
  const { status, range: header } = readStatus(plan.range.offset, result.rows, result.total);
  const headers: Reply["headers"] = { "Content-Range": header };
  const applied = preferenceApplied(prefs, "call");
  if (applied) headers["Preference-Applied"] = applied;
  if (routine.returnsVoid) return { status: 204, headers };
  return { status, headers, body: result.body, output: plan.output };
}
