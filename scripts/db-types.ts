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
import { openDatabase } from "@jenga/supabase-local/database";
import { createTestDataDir } from "@jenga/supabase-local/testing";

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

interface FunctionRow {
  proname: string;
  proretset: boolean;
  rettype: string;
  pronargdefaults: number;
  args: { name: string | null; mode: string; type: string }[];
}

/** Functions the API roles may call (RPC), as `supabase gen types` lists them. */
async function readFunctions(db: PGlite): Promise<FunctionRow[]> {
  const { rows } = await db.query<FunctionRow>(
    `select p.proname, p.proretset, t.typname as rettype, p.pronargdefaults,
            (select coalesce(json_agg(json_build_object('name', a.name, 'mode', a.mode, 'type', ty.typname)
                                      order by a.ord), '[]'::json)
               from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                           coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs])),
                           p.proargnames) with ordinality a(type, mode, name, ord)
               join pg_type ty on ty.oid = a.type) as args
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and t.typname <> 'trigger'
        and (has_function_privilege('anon', p.oid, 'execute')
             or has_function_privilege('authenticated', p.oid, 'execute'))
      order by p.proname`,
  );
  return rows;
}

function renderFunction(fn: FunctionRow): string {
  const inputs = fn.args.filter((a) => a.mode === "i" || a.mode === "b" || a.mode === "v");
  const outputs = fn.args.filter((a) => a.mode === "o" || a.mode === "b" || a.mode === "t");
  const firstDefault = inputs.length - fn.pronargdefaults;
  const args = inputs.length
    ? `{ ${inputs.map((a, i) => `${a.name}${i >= firstDefault ? "?" : ""}: ${tsType(a.type)}`).join("; ")} }`
    : "Record<PropertyKey, never>";
  const row = outputs.length
    ? `{ ${[...outputs]
        .sort((a, b) => (a.name ?? "").localeCompare(b.name ?? ""))
        .map((a) => `${a.name}: ${tsType(a.type)}`)
        .join("; ")} }`
    : fn.rettype === "void"
      ? "undefined"
      : tsType(fn.rettype);
  const returns = fn.proretset ? `${row}[]` : row;
  return `      ${fn.proname}: {\n        Args: ${args};\n        Returns: ${returns};\n      };`;
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
