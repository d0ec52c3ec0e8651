/**
 * Consistent snapshots of a running embedded backend, and restoring one.
 *
 * `POST /backup/v1/snapshot` (service-role key only) answers a gzipped tar of `pgdata/`, taken
 * with PGlite's `dumpDataDir` after a CHECKPOINT: it runs between two statements (on the
 * database thread, in its turn like any statement), so the copy is one instant of the files —
 * what a crash would leave, which Postgres opens with WAL recovery — and every transaction
 * committed before the request is in it.
 *
 * Storage bytes live outside `pgdata/` (`storage/`, one immutable file per object version). While
 * the database is copied no version file is removed, and right after, every version file is
 * hard-linked into `storage/.snapshot-<uuid>/` (named by the `X-Storage-Snapshot` header): every
 * version the snapshot's rows name is among them. The caller copies that folder and deletes it.
 */
import { basename } from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import type { ApiRequest } from "./api-request.ts";
import { type ApiResult, jsonResult } from "./api-result.ts";
import type { BackendContext } from "./context.ts";
import type { Database } from "./db/types.ts";
import { compileRoutes, type Route, route } from "./route-table.ts";
import type { FileStore } from "./storage/files.ts";

/** What scripts/backup.ts and scripts/restore.ts need besides the snapshot itself. */
export { openDatabase } from "./database.ts";
export { acquireDirLock } from "./lock.ts";
export { FileStore, SNAPSHOT_FOLDER } from "./storage/files.ts";

export const SNAPSHOT_PATH = "/backup/v1/snapshot";
/** Response header naming the folder of hard-linked Storage files (under `storage/`). */
export const STORAGE_SNAPSHOT_HEADER = "x-storage-snapshot";

const gzipAsync = promisify(gzip);

/** The running backend's database, or PGlite opened by a tool on a stopped backend's directory. */
export type SnapshotSource = Pick<Database, "snapshot"> | PGlite;

async function tarOf(db: SnapshotSource): Promise<Uint8Array> {
  if ("snapshot" in db) return db.snapshot();
  await db.exec("CHECKPOINT");
  return new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
}

/**
 * The gzipped tar of a database's data directory, between two statements. Statements wait only
 * while the files are copied into memory (~0.1 s for 40 MB); compression runs afterwards, on
 * libuv's thread pool.
 */
export async function snapshotDatabase(db: SnapshotSource): Promise<Buffer> {
  return gzipAsync(await tarOf(db), { level: 6 });
}

/** The database snapshot and a folder of links to the Storage files its rows name. */
export function snapshotWithFiles(
  db: SnapshotSource,
  files: FileStore,
): Promise<{ tarball: Buffer; filesFolder: string }> {
  return files.keepWhile(async () => {
    const tarball = await snapshotDatabase(db);
    return { tarball, filesFolder: await files.linkAll() };
  });
}

/** Writes a snapshot into an empty `pgdata` directory (PGlite unpacks it on first open). */
export async function restoreDatabase(tarball: Buffer, pgdata: string): Promise<void> {
  const db = new PGlite({
    fs: new NodeFS(pgdata),
    loadDataDir: new Blob([new Uint8Array(tarball)], { type: "application/x-gzip" }),
  });
  await db.waitReady;
  await db.query("select 1");
  await db.close();
}

/** The snapshot's `serviceRole` guard: the apikey, else the bearer, must be service_role's. */
async function isServiceRoleKey(request: ApiRequest, ctx: BackendContext): Promise<boolean> {
  const key = request.apikey ?? request.bearer;
  const verified = key ? await ctx.keys.verify(key) : undefined;
  return verified?.ok === true && verified.claims.role === "service_role";
}

async function snapshot(_request: ApiRequest, ctx: BackendContext): Promise<ApiResult> {
  const { tarball, filesFolder } = await snapshotWithFiles(ctx.db, ctx.storage);
  return {
    status: 200,
    headers: {
      "Content-Type": "application/gzip",
      [STORAGE_SNAPSHOT_HEADER]: basename(filesFolder),
    },
    raw: tarball,
  };
}

type SnapshotHandler = typeof snapshot;

export const SNAPSHOT_ROUTES: readonly Route<SnapshotHandler, "serviceRole">[] = [
  route("POST", SNAPSHOT_PATH, "serviceRole", snapshot),
];

const SNAPSHOT_TABLE = compileRoutes(SNAPSHOT_ROUTES);

/** True for the path snapshots are taken at, whatever the method. */
export const isSnapshotPath = (path: string) => SNAPSHOT_TABLE.hasPath(path);

/** Answers the snapshot path: 405 to any method but POST, 401 without the service-role key. */
export async function handleSnapshot(request: ApiRequest, ctx: BackendContext): Promise<ApiResult> {
  const match = SNAPSHOT_TABLE.match(request.method, request.path);
  if (match.kind !== "found") return jsonResult(405, { message: "Use POST" });
  if (match.route.guard === "serviceRole" && !(await isServiceRoleKey(request, ctx))) {
    return jsonResult(401, { message: "The service-role key is required" });
  }
  return match.route.handler(request, ctx);
}
