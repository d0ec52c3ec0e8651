/**
 * The row-level-security matrix of a database: for every caller (test/support/rls-fixture.ts)
 * and every table and function the catalog lists in the API schemas, what select, insert,
 * update, delete and execute do, as an outcome that compares across servers ("3 rows",
 * "ok 2", "42501 permission denied for table audit_log"). Each try runs in a transaction with
 * the caller's role, its settings and JWT claims set as the REST layer sets them
 * (supabase/local/rest/transaction.ts), and is rolled back: the matrix changes nothing.
 */
import type { IncomingMessage } from "node:http";
import type { RequestRole, RoleSettings } from "@jenga/supabase-local/testing";
import { loadRoleSettings, requestSettingsSql, sqlLiteral } from "@jenga/supabase-local/testing";
import { CALLERS } from "./rls-fixture.ts";
import type { SqlSession, StatementResult } from "./sql-session.ts";

/** "<caller> <schema.table or function signature> <operation>" → outcome. */
export type Matrix = Record<string, string>;

const SCHEMAS = ["public", "storage"];
const REQUEST = { method: "POST", headers: {} } as IncomingMessage;

interface Relation {
  /** Quoted, schema-qualified name, e.g. "public"."posts". */
  sql: string;
  label: string;
  /** The first row by primary key (ctid without one), the one the insert tries again. */
  sample?: { ctid: string; row: unknown };
  columns: Record<string, Column[]>;
}

interface Column {
  name: string;
  /** Identity ALWAYS or generated: nobody writes it. */
  computed: boolean;
  can_insert: boolean;
  can_update: boolean;
}

interface Routine {
  /** E.g. `public.append_audit(text,text,text,text)`. */
  signature: string;
  /** Database role → whether it has EXECUTE. */
  granted: Record<string, boolean>;
  schema: string;
  name: string;
  args: string[];
  procedure: boolean;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function failure(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return `${code ?? "?"} ${message ?? String(error)}`;
}

export type Attempt = { ok: true; result: StatementResult } | { ok: false; error: string };

/**
 * Runs `statement` as the caller inside a transaction that is rolled back. `before` runs first,
 * as the migration owner (a superuser).
 */
export async function attempt(
  session: SqlSession & { roleSettings?: RoleSettings },
  who: RequestRole,
  path: string,
  readOnly: boolean,
  statement: string,
  before = "",
): Promise<Attempt> {
  const { roleSettings } = session;
  const settings = requestSettingsSql({ who, req: REQUEST, path, roleSettings }, readOnly);
  await session.script(`begin; ${before} ${settings}`);
  try {
    return { ok: true, result: await session.query(statement) };
  } catch (error) {
    return { ok: false, error: failure(error) };
  } finally {
    await session.script("rollback");
  }
}

async function relations(session: SqlSession): Promise<Relation[]> {
  const { rows } = await session.query<{ schema: string; name: string; pk: string[] | null }>(
    `select n.nspname::text as schema, c.relname::text as name,
            (select array_agg(a.attname::text order by array_position(i.indkey::int2[], a.attnum))
               from pg_catalog.pg_index i
               join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
              where i.indrelid = c.oid and i.indisprimary) as pk
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm')
      order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  const result: Relation[] = [];
  for (const { schema, name, pk } of rows) {
    const sql = `${ident(schema)}.${ident(name)}`;
    const order = pk?.length ? pk.map((column) => `t.${ident(column)}`).join(", ") : "t.ctid";
    const sample = await session.query<{ ctid: string; row: unknown }>(
      `select t.ctid::text as ctid, to_jsonb(t) as row from ${sql} as t order by ${order} limit 1`,
    );
    const columns = await columnsByRole(session, sql);
    result.push({ sql, label: `${schema}.${name}`, sample: sample.rows[0], columns });
  }
  return result;
}

/** The database roles of the callers (owner, other and admin are all `authenticated`). */
const ROLES = [...new Set(Object.values(CALLERS).map((who) => who.role))];

/** Per database role: the table's columns and what the role may write in each. */
async function columnsByRole(
  session: SqlSession,
  table: string,
): Promise<Record<string, Column[]>> {
  const byRole: Record<string, Column[]> = {};
  for (const role of ROLES) {
    // Literals, not parameters: the simple protocol is one call into PGlite instead of six.
    const [name, who] = [sqlLiteral(table), sqlLiteral(role)];
    const { rows } = await session.query<Column>(
      `select a.attname::text as name, (a.attidentity = 'a' or a.attgenerated <> '') as computed,
              has_column_privilege(${who}, a.attrelid, a.attname, 'INSERT') as can_insert,
              has_column_privilege(${who}, a.attrelid, a.attname, 'UPDATE') as can_update
         from pg_catalog.pg_attribute a
        where a.attrelid = ${name}::regclass and a.attnum > 0 and not a.attisdropped
        order by a.attnum`,
    );
    byRole[role] = rows;
  }
  return byRole;
}

/** What a caller may write, else every writable column (the statement then shows the refusal). */
function writable(all: Column[], allowed: (column: Column) => boolean): string[] {
  const candidates = all.filter((column) => !column.computed);
  const granted = candidates.filter(allowed);
  return (granted.length > 0 ? granted : candidates).map((column) => ident(column.name));
}

const rowsAffected = (outcome: Attempt) =>
  outcome.ok ? `ok ${outcome.result.affected}` : outcome.error;

async function tableOutcomes(
  session: SqlSession,
  caller: string,
  who: RequestRole,
  table: Relation,
  into: Matrix,
): Promise<void> {
  const key = (operation: string) => `${caller} ${table.label} ${operation}`;
  const path = `/${table.label}`;

  const select = await attempt(
    session,
    who,
    path,
    true,
    `select count(*)::int as n from ${table.sql}`,
  );
  into[key("select")] = select.ok ? `${select.result.rows[0]?.n} rows` : select.error;

  const all = table.columns[who.role] ?? [];
  if (table.sample) {
    // The first row again, once it is out of the way (its unique values free again): deleted by
    // the owner with triggers and foreign-key checks off, so nothing else changes.
    const names = writable(all, (column) => column.can_insert).join(", ");
    const row = sqlLiteral(JSON.stringify(table.sample.row));
    const insert = await attempt(
      session,
      who,
      path,
      false,
      `insert into ${table.sql} (${names})
       select ${names} from jsonb_populate_record(null::${table.sql}, ${row}::jsonb)`,
      `set local session_replication_role = replica;
       delete from ${table.sql} where ctid = '${table.sample.ctid}';
       set local session_replication_role = origin;`,
    );
    into[key("insert")] = rowsAffected(insert);
  } else {
    into[key("insert")] = "no row to try";
  }

  const [column] = writable(all, (candidate) => candidate.can_update);
  const set = `update ${table.sql} set ${column} = ${column}`;
  into[key("update")] = rowsAffected(await attempt(session, who, path, false, set));
  const remove = `delete from ${table.sql}`;
  into[key("delete")] = rowsAffected(await attempt(session, who, path, false, remove));
}

async function routines(session: SqlSession): Promise<Routine[]> {
  const { rows } = await session.query<Omit<Routine, "signature">>(
    `select n.nspname::text as schema, p.proname::text as name,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality as a(t, i) order by i) as args,
            p.prokind = 'p' as procedure,
            (select jsonb_object_agg(r, has_function_privilege(r, p.oid, 'EXECUTE'))
               from unnest ($2::text[]) as r) as granted
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any ($1) and p.prokind in ('f', 'p')
      order by n.nspname, p.proname, p.proargtypes::text`,
    [SCHEMAS, ROLES],
  );
  return rows.map((row) => ({
    ...row,
    signature: `${row.schema}.${row.name}(${row.args.join(",")})`,
  }));
}

async function routineOutcomes(
  session: SqlSession,
  caller: string,
  who: RequestRole,
  routine: Routine,
  into: Matrix,
): Promise<void> {
  const key = (operation: string) => `${caller} ${routine.signature} ${operation}`;
  into[key("execute")] = routine.granted[who.role] ? "granted" : "denied";

  const args = routine.args.map((type) => `null::${type}`).join(", ");
  const name = `${ident(routine.schema)}.${ident(routine.name)}`;
  // In the select list, not in FROM: trigger functions get to the EXECUTE check too.
  const statement = `${routine.procedure ? "call" : "select"} ${name}(${args})`;
  const call = await attempt(session, who, `/rpc/${routine.name}`, false, statement);
  if (!call.ok) {
    into[key("call")] = call.error;
    return;
  }
  // A lone boolean (is_admin()) is part of the outcome; other values hold timestamps.
  const { rows } = call.result;
  const only = rows.length === 1 ? Object.values(rows[0] ?? {}) : [];
  const value = only.length === 1 && typeof only[0] === "boolean" ? ` → ${only[0]}` : "";
  into[key("call")] = `ok ${rows.length} rows${value}`;
}

export interface MatrixResult {
  matrix: Matrix;
  tables: string[];
  routines: string[];
}

export async function rlsMatrix(plain: SqlSession): Promise<MatrixResult> {
  // Each try sets its role's settings (statement_timeout) as a REST request does.
  const session = { ...plain, roleSettings: await loadRoleSettings(plain) };
  const tables = await relations(session);
  const functions = await routines(session);
  const matrix: Matrix = {};
  for (const [caller, who] of Object.entries(CALLERS)) {
    for (const table of tables) await tableOutcomes(session, caller, who, table, matrix);
    for (const routine of functions) await routineOutcomes(session, caller, who, routine, matrix);
  }
  return {
    matrix,
    tables: tables.map((table) => table.label),
    routines: functions.map((routine) => routine.signature),
  };
}
