/**
 * Reads the exposed schema from the live catalog: tables/views with their column types and
 * primary keys, foreign keys between them, and the functions PostgREST could call.
 */
import type { Queryable } from "../db/types.ts";

export const EXPOSED_SCHEMA = "public";

export interface TableInfo {
  name: string;
  columns: Set<string>;
  /** Column → type name (pg_type.typname, e.g. `int8`, `tsvector`, `_text`). */
  types: Map<string, string>;
  primaryKey: string[];
}

export interface RoutineParam {
  /** "" for an unnamed parameter. */
  name: string;
  /** Declared type (format_type), e.g. `integer`, `text[]`. */
  type: string;
  /** Type to cast an argument to: char/bit widened to varying, as PostgREST does. */
  castType: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  name: string;
  params: RoutineParam[];
  returnsSet: boolean;
  returnsComposite: boolean;
  returnsVoid: boolean;
  /** Columns of a composite result (table row type, composite type, OUT/TABLE parameters). */
  columns: string[];
  /** Table whose row type the function returns, if any. */
  table?: string;
  volatility: "i" | "s" | "v";
}

export async function loadTables(db: Queryable): Promise<Map<string, TableInfo>> {
  const columns = await db.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, t.typname as type
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
       join pg_type t on t.oid = a.atttypid
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [EXPOSED_SCHEMA],
  );
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = $1 and i.indisprimary
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
    [EXPOSED_SCHEMA],
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: new Set(), types: new Map(), primaryKey: [] };
      tables.set(row.table_name, table);
    }
    table.columns.add(row.column_name);
    table.types.set(row.column_name, row.type);
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  return tables;
}

/** Foreign keys between exposed tables, as [referencing table, referenced table] pairs. */
export async function loadForeignKeys(db: Queryable): Promise<[string, string][]> {
  const { rows } = await db.query<{ source: string; target: string }>(
    `select s.relname as source, t.relname as target
       from pg_constraint k
       join pg_class s on s.oid = k.conrelid
       join pg_class t on t.oid = k.confrelid
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_namespace tn on tn.oid = t.relnamespace
      where k.contype = 'f' and sn.nspname = $1 and tn.nspname = $1`,
    [EXPOSED_SCHEMA],
  );
  return rows.map((row) => [row.source, row.target]);
}

interface RoutineRow {
  name: string;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  nargs: number;
  ndefaults: number;
  returns_set: boolean;
  ret_type: string;
  ret_typtype: string;
  ret_table: string | null;
  ret_columns: string[] | null;
  volatility: "i" | "s" | "v";
}

/** Types whose length modifier PostgREST drops so any argument length is accepted. */
const WIDENED: Record<string, string> = {
  bit: "bit varying",
  "bit[]": "bit varying[]",
  character: "character varying",
  "character[]": "character varying[]",
};

/** PostgREST skips functions with unnamed parameters, except one unnamed json/jsonb/text/… one. */
function isCallable(params: RoutineParam[]): boolean {
  const unnamed = params.filter((param) => param.name === "");
  if (unnamed.length === 0) return true;
  const type = unnamed[0]?.type ?? "";
  return unnamed.length === 1 && ["bytea", "json", "jsonb", "text", "xml"].includes(type);
}

function toRoutine(row: RoutineRow): Routine | undefined {
  const params: RoutineParam[] = [];
  const outColumns: string[] = [];
  row.arg_types.forEach((type, index) => {
    const mode = row.arg_modes?.[index] ?? "i";
    const name = row.arg_names?.[index] ?? "";
    if (mode === "o" || mode === "t") {
      outColumns.push(name);
      return;
    }
    if (mode === "b") outColumns.push(name);
    const castType = WIDENED[type] ?? type;
    params.push({ name, type, castType, required: false, variadic: mode === "v" });
  });
  const requiredCount = row.nargs - row.ndefaults;
  params.forEach((param, index) => {
    param.required = index < requiredCount;
  });
  if (!isCallable(params)) return undefined;
  const hasOut = (row.arg_modes ?? []).some((mode) => mode === "o" || mode === "t" || mode === "b");
  const returnsComposite = row.ret_typtype === "c" || hasOut;
  return {
    name: row.name,
    params,
    returnsSet: row.returns_set,
    returnsComposite,
    returnsVoid: row.ret_type === "void",
    columns: hasOut ? outColumns : (row.ret_columns ?? []),
    table: row.ret_table ?? undefined,
    volatility: row.volatility,
  };
}

export async function loadRoutines(db: Queryable): Promise<Map<string, Routine[]>> {
  const { rows } = await db.query<RoutineRow>(
    `select p.proname as name, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
            array(select format_type(x.type, null)
                    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                         with ordinality as x(type, i) order by x.i) as arg_types,
            p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
            p.proretset as returns_set, t.typname as ret_type, t.typtype as ret_typtype,
            case when c.relkind in ('r', 'v', 'm', 'p', 'f') then c.relname end as ret_table,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
                   order by a.attnum) as ret_columns,
            p.provolatile as volatility
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
       left join pg_class c on c.oid = t.typrelid
      where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`,
    [EXPOSED_SCHEMA],
  );
  const routines = new Map<string, Routine[]>();
  for (const row of rows) {
    const routine = toRoutine(row);
    if (!routine) continue;
    routines.set(routine.name, [...(routines.get(routine.name) ?? []), routine]);
  }
  return routines;
}
