/**
 * Writes app/infra/database.types.ts — the `Database` type of `SupabaseClient<Database>` — from
 * the schema the migrations create, read through the embedded backend's Postgres (a throw-away
 * copy of the migrated test template), in the shape `supabase gen types typescript` produces.
 *
 *   node scripts/db-types.ts          write the file
 *   node scripts/db-types.ts --check  exit 1 when the file is out of date
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../supabase/local/database.ts";
import { createTestDataDir } from "../supabase/local/template.ts";

export const TYPES_FILE = join(import.meta.dirname, "..", "app", "infra", "database.types.ts");

interface ColumnRow {
  table_name: string;
  table_type: string;
  column_name: string;
  udt_name: string;
  is_nullable: "YES" | "NO";
  column_default: string | null;
  is_identity: "YES" | "NO";
  identity_generation: string | null;
  is_generated: string;
}

const SCALARS: Record<string, string> = {
  text: "string",
  varchar: "string",
  bpchar: "string",
  uuid: "string",
  citext: "string",
  timestamptz: "string",
  timestamp: "string",
  date: "string",
  time: "string",
  int2: "number",
  int4: "number",
  int8: "number",
  float4: "number",
  float8: "number",
  numeric: "number",
  bool: "boolean",
  json: "Json",
  jsonb: "Json",
  bytea: "string",
  inet: "unknown",
};

/** `format_type()` names of function arguments and results, as the udt names above. */
const FORMATTED: Record<string, string> = {
  text: "text",
  "character varying": "varchar",
  uuid: "uuid",
  "timestamp with time zone": "timestamptz",
  "timestamp without time zone": "timestamp",
  date: "date",
  smallint: "int2",
  integer: "int4",
  bigint: "int8",
  real: "float4",
  "double precision": "float8",
  numeric: "numeric",
  boolean: "bool",
  json: "json",
  jsonb: "jsonb",
};

function formattedType(name: string): string {
  if (name.endsWith("[]")) return `${formattedType(name.slice(0, -2))}[]`;
  if (name === "void") return "undefined";
  const udt = FORMATTED[name];
  return udt ? tsType(udt) : "unknown";
}

function tsType(udt: string): string {
  if (udt.startsWith("_")) return `${tsType(udt.slice(1))}[]`;
  return SCALARS[udt] ?? "unknown";
}

function columnsOf(rows: ColumnRow[], mode: "Row" | "Insert" | "Update"): string {
  return rows
    .map((column) => {
      const type = tsType(column.udt_name) + (column.is_nullable === "YES" ? " | null" : "");
      const alwaysGenerated =
        column.identity_generation === "ALWAYS" || column.is_generated === "ALWAYS";
      if (mode === "Row") return `          ${column.column_name}: ${type};`;
      if (alwaysGenerated) return `          ${column.column_name}?: never;`;
      const optional =
        mode === "Update" ||
        column.is_nullable === "YES" ||
        column.column_default !== null ||
        column.is_identity === "YES";
      return `          ${column.column_name}${optional ? "?" : ""}: ${type};`;
    })
    .join("\n");
}

async function readColumns(db: PGlite): Promise<ColumnRow[]> {
  const { rows } = await db.query<ColumnRow>(
    `select c.table_name, t.table_type, c.column_name, c.udt_name, c.is_nullable, c.column_default,
            c.is_identity, c.identity_generation, c.is_generated
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public'
      order by c.table_name, c.column_name`,
  );
  return rows;
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  result: string;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
}

async function readFunctions(db: PGlite): Promise<FunctionRow[]> {
  const { rows } = await db.query<FunctionRow>(
    `select p.proname as name, p.proretset as returns_set,
            format_type(p.prorettype, null) as result,
            coalesce(p.proargnames, '{}') as arg_names,
            coalesce(p.proargmodes::text[], '{}') as arg_modes,
            coalesce((select array_agg(format_type(t, null) order by i)
                        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]))
                             with ordinality as a(t, i)), '{}') as arg_types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype and p.prokind = 'f'
      order by p.proname`,
  );
  return rows;
}

/** A function's `Args` and `Returns` in supabase-js's shape. */
function renderFunction(fn: FunctionRow): string {
  const params = fn.arg_types.map((type, i) => ({
    name: fn.arg_names[i] ?? `arg${i}`,
    type: formattedType(type),
    mode: fn.arg_modes[i] ?? "i",
  }));
  const args = params.filter((p) => p.mode === "i" || p.mode === "b");
  const columns = params.filter((p) => p.mode === "t" || p.mode === "o");
  const argsType = args.length
    ? `{ ${args.map((p) => `${p.name}: ${p.type}`).join("; ")} }`
    : "Record<PropertyKey, never>";
  const row = columns.length
    ? `{ ${columns.map((p) => `${p.name}: ${p.type}`).join("; ")} }`
    : formattedType(fn.result);
  const returns = fn.returns_set ? `${row}[]` : row;
  return `      ${fn.name}: {\n        Args: ${argsType};\n        Returns: ${returns};\n      };`;
}

export function renderTypes(columns: ColumnRow[], functions: FunctionRow[] = []): string {
  const byTable = Map.groupBy(columns, (column) => column.table_name);
  const tables: string[] = [];
  const views: string[] = [];
  for (const [name, rows] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    if (rows[0]?.table_type === "VIEW") {
      views.push(
        `      ${name}: {\n        Row: {\n${columnsOf(rows, "Row")}\n        };\n        Relationships: [];\n      };`,
      );
      continue;
    }
    tables.push(
      [
        `      ${name}: {`,
        `        Row: {\n${columnsOf(rows, "Row")}\n        };`,
        `        Insert: {\n${columnsOf(rows, "Insert")}\n        };`,
        `        Update: {\n${columnsOf(rows, "Update")}\n        };`,
        "        Relationships: [];",
        "      };",
      ].join("\n"),
    );
  }
  const block = (entries: string[]) =>
    entries.length ? `{\n${entries.join("\n")}\n    }` : "Record<never, never>";
  return `// Generated by scripts/db-types.ts from supabase/migrations — do not edit by hand.
// Regenerate with \`npm run db:types\` after changing a migration.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export interface Database {
  public: {
    Tables: ${block(tables)};
    Views: ${block(views)};
    Functions: ${block(functions.map(renderFunction))};
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
}

export type Tables<T extends keyof Database["public"]["Tables"]> =
  Database["public"]["Tables"][T]["Row"];
`;
}

/** The types file the current migrations produce. */
export async function generateTypes(): Promise<string> {
  const dir = await createTestDataDir();
  const db = await openDatabase(join(dir, "pgdata"));
  try {
    return renderTypes(await readColumns(db), await readFunctions(db));
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const text = await generateTypes();
  if (process.argv.includes("--check")) {
    const current = readFileSync(TYPES_FILE, "utf8");
    if (current !== text) {
      console.error("app/infra/database.types.ts is out of date: run `npm run db:types`.");
      process.exit(1);
    }
  } else {
    writeFileSync(TYPES_FILE, text);
    console.log(`wrote ${TYPES_FILE}`);
  }
}
