/**
 * /rest/v1/<table> (PostgREST subset, contract §4). Each request runs in ONE transaction
 * as the JWT's role (`set_config('role', …, true)`) with `request.jwt.claims` set, so the
 * RLS policies of the migrations decide what is visible and writable.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Transaction } from "@electric-sql/pglite";
import type { BackendContext } from "../context.ts";
import { BodyTooLargeError, headerValue, readBody, send, sendJson } from "../http.ts";
import { bearerToken, type JwtClaims } from "../jwt.ts";
import type { Catalog, TableInfo } from "./catalog.ts";
import { fromPgError, invalidBody, isPgError, RestError } from "./errors.ts";
import { deleteRows, insertRows, type RowsResult, readRows, updateRows } from "./operations.ts";
import {
  parseColumnList,
  parseFilters,
  parseNonNegativeInt,
  parseOrder,
  parseSelect,
} from "./query-parser.ts";

const API_ROLES = new Set(["anon", "authenticated", "service_role"]);
const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";
const JSON_TYPE = "application/json; charset=utf-8";

interface RequestRole {
  role: string;
  claims: JwtClaims;
}

async function resolveRole(ctx: BackendContext, req: IncomingMessage): Promise<RequestRole> {
  const token = bearerToken(req.headers.authorization) ?? headerValue(req, "apikey");
  if (!token) return { role: "anon", claims: { role: "anon" } };
  const result = await ctx.keys.verify(token);
  if (!result.ok) {
    if (result.expired) throw new RestError(401, "PGRST303", "JWT expired");
    throw new RestError(401, "PGRST301", `JWSError ${result.reason}`);
  }
  const role = result.claims.role;
  if (typeof role !== "string" || !API_ROLES.has(role)) {
    throw new RestError(401, "PGRST301", "JWT role is not allowed");
  }
  return { role, claims: result.claims };
}

function parsePrefer(req: IncomingMessage): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const part of (headerValue(req, "prefer") ?? "").split(",")) {
    const [key, value = ""] = part.trim().split("=");
    if (key) prefer.set(key.trim(), value.trim());
  }
  return prefer;
}

function checkProfile(req: IncomingMessage, header: string): void {
  const profile = headerValue(req, header);
  if (profile && profile !== "public") {
    throw new RestError(
      406,
      "PGRST106",
      `Invalid schema: ${profile}`,
      null,
      "Only the following schemas are exposed: public",
    );
  }
}

function rangeHeader(req: IncomingMessage): { offset: number; limit?: number } | undefined {
  const match = /^(\d{1,15})-(\d{0,15})$/.exec(headerValue(req, "range")?.trim() ?? "");
  if (!match) return undefined;
  const offset = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return { offset, limit: end === undefined ? undefined : Math.max(0, end - offset + 1) };
}

function contentRange(offset: number, rows: number, total: number | undefined): string {
  const size = total === undefined ? "*" : String(total);
  return rows > 0 ? `${offset}-${offset + rows - 1}/${size}` : `*/${size}`;
}

/** `.single()`: exactly one row or 406 PGRST116 (the transaction is rolled back). */
function singleObject(result: RowsResult): string {
  if (result.rows !== 1) {
    throw new RestError(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${result.rows} rows`,
    );
  }
  // json_agg text of one element is exactly "[" + element + "]".
  return (result.body ?? "[{}]").slice(1, -1);
}

function runAs<T>(
  ctx: BackendContext,
  who: RequestRole,
  req: IncomingMessage,
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true)`,
      [who.role, JSON.stringify(who.claims), req.method ?? "GET", req.url ?? "/"],
    );
    return fn(tx);
  });
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidBody(error instanceof Error ? error.message : "invalid JSON");
  }
}

async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  table: TableInfo,
  query: URLSearchParams,
  who: RequestRole,
): Promise<void> {
  const method = req.method ?? "GET";
  const prefer = parsePrefer(req);
  const single = (headerValue(req, "accept") ?? "").includes(OBJECT_MEDIA_TYPE);
  const select = parseSelect(query.get("select"), table);
  const where = parseFilters(query, table);
  const headers: OutgoingHttpHeaders = {};
  const returnRows = prefer.get("return") === "representation";
  if (returnRows) headers["Preference-Applied"] = "return=representation";

  const finish = (status: number, result: RowsResult, offset = 0) => {
    headers["Content-Range"] ??= contentRange(offset, result.rows, result.total);
    if (result.body === undefined) return send(res, status, undefined, headers);
    const body = single ? singleObject(result) : result.body;
    headers["Content-Type"] = single ? `${OBJECT_MEDIA_TYPE}; charset=utf-8` : JSON_TYPE;
    send(res, status, method === "HEAD" ? undefined : body, headers);
  };

  if (method === "GET" || method === "HEAD") {
    checkProfile(req, "accept-profile");
    const range = rangeHeader(req);
    const offset = parseNonNegativeInt(query.get("offset"), "offset") ?? range?.offset ?? 0;
    const limit = parseNonNegativeInt(query.get("limit"), "limit") ?? range?.limit;
    const order = parseOrder(query.get("order"), table);
    const count = prefer.has("count");
    const result = await runAs(ctx, who, req, (tx) =>
      readRows(tx, table, { select, where, order, limit, offset, count }),
    );
    if (single) singleObject(result);
    if (result.total !== undefined && offset > 0 && offset >= result.total) {
      throw new RestError(
        416,
        "PGRST103",
        "Requested range not satisfiable",
        `An offset of ${offset} was requested, but there are only ${result.total} rows.`,
      );
    }
    const partial =
      result.total !== undefined && (offset > 0 || offset + result.rows < result.total);
    return finish(partial ? 206 : 200, result, offset);
  }

  checkProfile(req, "content-profile");
  const text = method === "DELETE" ? "" : await readBody(req);
  const body = method === "DELETE" ? undefined : parseJsonBody(text);
  const write = (fn: (tx: Transaction) => Promise<RowsResult>) =>
    runAs(ctx, who, req, async (tx) => {
      const result = await fn(tx);
      if (single && returnRows) singleObject(result);
      return result;
    });

  if (method === "POST") {
    const resolution = prefer.get("resolution");
    if (resolution)
      headers["Preference-Applied"] = [
        `resolution=${resolution}`,
        ...(returnRows ? ["return=representation"] : []),
      ].join(", ");
    const columns = query.get("columns");
    const onConflict = query.get("on_conflict");
    const result = await write((tx) =>
      insertRows(tx, table, body, {
        select,
        where,
        returnRows,
        columns: columns ? parseColumnList(columns) : undefined,
        missingDefault: prefer.get("missing") === "default",
        onConflict: onConflict ? parseColumnList(onConflict) : undefined,
        resolution:
          resolution === "merge-duplicates" || resolution === "ignore-duplicates"
            ? resolution
            : undefined,
      }),
    );
    if (!returnRows) headers["Content-Range"] = "*/*";
    return finish(201, result);
  }
  if (method === "PATCH") {
    const result = await write((tx) => updateRows(tx, table, body, { select, where, returnRows }));
    return finish(returnRows ? 200 : 204, result);
  }
  if (method === "DELETE") {
    const result = await write((tx) => deleteRows(tx, table, { select, where, returnRows }));
    if (!returnRows) headers["Content-Range"] = "*/*";
    return finish(returnRows ? 200 : 204, result);
  }
  throw new RestError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
}

export async function handleRest(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: BackendContext,
  catalog: Catalog,
  path: string,
  query: URLSearchParams,
): Promise<void> {
  let role = "anon";
  try {
    const who = await resolveRole(ctx, req);
    role = who.role;
    const name = decodeURIComponent(path.replace(/^\/+/, ""));
    if (name === "") {
      const paths = Object.fromEntries(catalog.tableNames().map((table) => [`/${table}`, {}]));
      return sendJson(res, 200, {
        swagger: "2.0",
        info: { title: "local", version: "local" },
        paths,
      });
    }
    const table = name.includes("/") ? undefined : await catalog.table(name);
    if (!table) {
      throw new RestError(
        404,
        "PGRST205",
        `Could not find the table 'public.${name}' in the schema cache`,
      );
    }
    await respond(req, res, ctx, table, query, who);
  } catch (error) {
    let restError: RestError;
    if (error instanceof RestError) restError = error;
    else if (isPgError(error)) restError = fromPgError(error, role);
    else if (error instanceof BodyTooLargeError) {
      restError = new RestError(413, "PGRST413", "Payload Too Large", error.message);
    } else if (error instanceof URIError) {
      restError = new RestError(400, "PGRST100", "Malformed URI");
    } else {
      ctx.log(
        `[rest] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : error}`,
      );
      restError = new RestError(500, "PGRST000", "Internal server error");
    }
    if (restError.status >= 500) ctx.log(`[rest] ${req.method} ${req.url}: ${restError.message}`);
    sendJson(res, restError.status, restError.body());
  }
}
