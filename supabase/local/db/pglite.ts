/**
 * Opening PGlite on a data directory, and its WebAssembly compiled once per process: the
 * database thread is reopened after a statement is stopped (db/thread.ts), and compiling the
 * 9 MB module again each time would add its cost to every reopen.
 *
 * Durability: NodeFS mounts Emscripten's NODEFS directly on the data directory, so every
 * file write Postgres makes (WAL at COMMIT included) is a real write() into the OS page
 * cache before the query resolves. `relaxedDurability` only changes filesystems that keep a
 * memory copy and sync it later (IndexedDB); NodeFS's syncToFs() is a no-op. Verified: rows
 * committed just before a SIGKILL, or before the thread running PGlite is terminated, are
 * present after a reopen (WAL replay). Emscripten's NODEFS does not fsync, so an OS crash or
 * power loss may still lose the last commits.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

let compiled: Promise<WebAssembly.Module> | undefined;

/** PGlite's Postgres, compiled on first use (V8 compiles it off the event loop). */
export function pgliteModule(): Promise<WebAssembly.Module> {
  // Next to the package's entry point (its exports map names no .wasm file).
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  compiled ??= readFile(join(dirname(entry), "pglite.wasm"))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}

/** PGlite on `pgdata` (created and initialised when empty), in the calling thread. */
export async function openPGlite(pgdata: string, module?: WebAssembly.Module): Promise<PGlite> {
  const db = new PGlite({
    fs: new NodeFS(pgdata),
    relaxedDurability: false,
    pgliteWasmModule: module ?? (await pgliteModule()),
  });
  await db.waitReady;
  return db;
}
