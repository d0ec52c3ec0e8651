/**
 * npm run restore -- <backup folder> — puts a snapshot made by `npm run backup` back as the
 * embedded backend's data directory (SUPABASE_LOCAL_DIR). Stop the site first: the directory
 * must not be in use. An existing directory is kept aside as `<dir>.before-restore-<time>`.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { acquireDirLock, restoreDatabase } from "@jenga/supabase-local/backup";
import { loadEnv } from "../app/infra/env.server.ts";

const SECRET_FILES = ["jwt-secret", "session-secret"];
const from = process.argv[2] ? resolve(process.argv[2]) : "";
if (!from || !existsSync(join(from, "pgdata.tar.gz"))) {
  console.error("Usage: npm run restore -- <backup folder containing pgdata.tar.gz>");
  process.exit(1);
}
const dir = resolve(loadEnv().SUPABASE_LOCAL_DIR);
if (existsSync(dir)) {
  // Throws with a clear message while a backend (the site) uses the directory.
  acquireDirLock(dir).release();
  const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(dir, aside);
  console.log(`Kept the previous data directory as ${aside}`);
}
mkdirSync(dir, { recursive: true, mode: 0o700 });
const lock = acquireDirLock(dir);
try {
  for (const name of SECRET_FILES) {
    if (existsSync(join(from, name))) copyFileSync(join(from, name), join(dir, name));
  }
  // Storage files (object bytes), in backups made since uploads exist.
  if (existsSync(join(from, "storage"))) {
    cpSync(join(from, "storage"), join(dir, "storage"), { recursive: true });
  }
  await restoreDatabase(readFileSync(join(from, "pgdata.tar.gz")), join(dir, "pgdata"));
} finally {
  lock.release();
}
console.log(`Restored ${from} into ${dir}`);
