/**
 * npm run backup — a consistent snapshot of the embedded backend's data directory
 * (SUPABASE_LOCAL_DIR) into BACKUP_DIR/<timestamp>/, while the site runs:
 *   pgdata.tar.gz    the database, taken between two statements by the running backend
 *                    (POST /backup/v1/snapshot with the service-role key), or directly when
 *                    no backend runs on the directory
 *   storage/         the Storage files (object bytes live outside pgdata), every one the
 *                    snapshot's rows name (see supabase/local/backup.ts)
 *   jwt-secret, session-secret   the keys that sign sessions and cookies (keep them private)
 * Restore with `npm run restore -- <that folder>` (see scripts/restore.ts).
 */
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import {
  acquireDirLock,
  FileStore,
  SNAPSHOT_FOLDER,
  SNAPSHOT_PATH,
  STORAGE_SNAPSHOT_HEADER,
  snapshotWithFiles,
} from "@jenga/supabase-local/backup";
import { openDatabase } from "@jenga/supabase-local/database";
import { createKeys, loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { loadEnv } from "../app/infra/env.server.ts";

const SECRET_FILES = ["jwt-secret", "session-secret"];

const env = loadEnv();
const dir = resolve(env.SUPABASE_LOCAL_DIR);
if (!existsSync(join(dir, "pgdata"))) {
  console.error(`No embedded backend data in ${dir} (SUPABASE_LOCAL_DIR).`);
  process.exit(1);
}

interface Snapshot {
  tarball: Buffer;
  /** Hard links to the Storage files, inside the data directory (moved out, then deleted). */
  filesFolder: string;
}

/** The running backend's snapshot, or null when no backend runs on the directory. */
async function fromRunningBackend(): Promise<Snapshot | null> {
  const urlFile = join(dir, "backend.url");
  if (!existsSync(urlFile)) return null;
  const url = readFileSync(urlFile, "utf8").trim();
  const keys = await createKeys(env.SUPABASE_LOCAL_JWT_SECRET ?? loadOrCreateSecret(dir));
  let response: Response;
  try {
    response = await fetch(`${url}${SNAPSHOT_PATH}`, {
      method: "POST",
      headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
    });
  } catch {
    return null; // a file left by a backend that died: nobody holds the directory
  }
  if (!response.ok) throw new Error(`the backend answered ${response.status}`);
  const folder = response.headers.get(STORAGE_SNAPSHOT_HEADER) ?? "";
  if (!SNAPSHOT_FOLDER.test(folder)) throw new Error("the backend named no Storage snapshot");
  return {
    tarball: Buffer.from(await response.arrayBuffer()),
    filesFolder: join(dir, "storage", folder),
  };
}

async function fromStoppedBackend(): Promise<Snapshot> {
  const lock = acquireDirLock(dir);
  try {
    const db = await openDatabase(join(dir, "pgdata"));
    try {
      return await snapshotWithFiles(db, new FileStore(join(dir, "storage")));
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

const started = Date.now();
const live = await fromRunningBackend();
const { tarball, filesFolder } = live ?? (await fromStoppedBackend());
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = join(resolve(env.BACKUP_DIR), stamp);
mkdirSync(target, { recursive: true, mode: 0o700 });
writeFileSync(join(target, "pgdata.tar.gz"), tarball, { mode: 0o600 });
try {
  cpSync(filesFolder, join(target, "storage"), { recursive: true });
} finally {
  rmSync(filesFolder, { recursive: true, force: true });
}
const storedFiles = readdirSync(join(target, "storage")).length;
for (const name of SECRET_FILES) {
  if (existsSync(join(dir, name))) copyFileSync(join(dir, name), join(target, name));
}
writeFileSync(
  join(target, "manifest.json"),
  `${JSON.stringify({ createdAt: new Date().toISOString(), source: dir, live: live !== null, bytes: tarball.length, storedFiles }, null, 2)}\n`,
);
console.log(
  `Backup of ${dir} (${live ? "running backend" : "stopped backend"}): ${target} ` +
    `(${(tarball.length / 1024 / 1024).toFixed(1)} MB, ${storedFiles} Storage files, ` +
    `${Date.now() - started} ms)`,
);
