/**
 * A REST request parsed once into one plan, as PostgREST turns its ApiRequest into a plan before
 * it builds the query: what to select, the conditions, order and range, the media type to answer
 * in, and for writes the body, `columns` and `on_conflict`. The parts are checked in one fixed
 * order (below), so that a request with several faults always gets the same error; the database
 * comes last (table-handler.ts, rpc/handler.ts).
 */
import type { ApiRequest } from "../api-request.ts";
import type { Catalog, TableInfo } from "./catalog.ts";
import { readJsonBody } from "./json-body.ts";
import { negotiate, type Output } from "./media.ts";
import { type OrderTerm, parseFieldList, parseOrder } from "./order-parser.ts";
import { assertValidPreferences, type Preferences } from "./prefer.ts";
import { type Condition, parseQuery } from "./query-parser.ts";
import { type RowRange, requestedRange } from "./range.ts";
import { checkSelect } from "./select-check.ts";
import type { SelectItem } from "./select-parser.ts";
import { parseSelect } from "./select-parser.ts";

/** A read of rows (a table's, or a function's result seen as a table). */
export interface RowsPlan {
  items: SelectItem[];
  conditions: Condition[];
  order: OrderTerm[];
  range: RowRange;
  output: Output;
}

export interface MutationPlan {
  kind: "insert" | "update" | "delete";
  items: SelectItem[];
  conditions: Condition[];
  /** The negotiated media type: `.single()` is checked against it whatever is returned. */
  output: Output;
  /** Set for `return=representation`: the changed rows come back in this type. */
  returned?: Output;
  /** The parsed JSON body (none for DELETE). */
  body?: unknown;
  /** Inserts only: `columns=` and `on_conflict=`. */
  columns?: string[];
  onConflict?: string[];
}

export type TablePlan = ({ kind: "read" } & RowsPlan) | MutationPlan;

const selected = (query: URLSearchParams, table: TableInfo, catalog: Catalog) =>
  checkSelect(parseSelect(query.get("select")), table, catalog);

const fieldList = (query: URLSearchParams, name: "columns" | "on_conflict") => {
  const raw = query.get(name);
  return raw ? parseFieldList(raw, name) : undefined;
};

/**
 * select → filters (`rpcRead`: non-operator values are arguments, not filters) → order →
 * range → media type → preferences.
 */
export function planRows(
  req: ApiRequest,
  table: TableInfo,
  catalog: Catalog,
  prefs: Preferences,
  rpcRead = false,
): RowsPlan {
  const { query } = req;
  const items = selected(query, table, catalog);
  const { conditions } = parseQuery(query, table, rpcRead);
  const order = parseOrder(query.get("order"), table);
  const range = requestedRange(req, query);
  const output = negotiate(req);
  assertValidPreferences(prefs);
  return { items, conditions, order, range, output };
}

/** select → filters → body → preferences → media type → `on_conflict` → `columns`. */
async function planMutation(
  req: ApiRequest,
  table: TableInfo,
  catalog: Catalog,
  prefs: Preferences,
): Promise<MutationPlan> {
  const { query, method } = req;
  const items = selected(query, table, catalog);
  const { conditions } = parseQuery(query, table);
  const body = method === "DELETE" ? undefined : (await readJsonBody(req)).value;
  assertValidPreferences(prefs);
  const output = negotiate(req);
  const returned = prefs.representation === "representation" ? output : undefined;
  const plan = { items, conditions, output, returned, body };
  if (method === "PATCH") return { kind: "update", ...plan };
  if (method === "DELETE") return { kind: "delete", ...plan };
  const onConflict = fieldList(query, "on_conflict");
  return { kind: "insert", ...plan, onConflict, columns: fieldList(query, "columns") };
}

/** The plan of a request to `/<table>`: GET/HEAD read, POST inserts, PATCH updates, DELETE. */
export async function planTableRequest(
  req: ApiRequest,
  table: TableInfo,
  catalog: Catalog,
  prefs: Preferences,
): Promise<TablePlan> {
  if (req.method === "GET" || req.method === "HEAD") {
    return { kind: "read", ...planRows(req, table, catalog, prefs) };
  }
  return planMutation(req, table, catalog, prefs);
}
