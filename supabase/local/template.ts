/**
 * Migrated + seeded template data directories. PGlite's first start (initdb in WASM) takes
 * seconds, so tests build one template per schema version and copy it per test file.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { schemaFingerprint } from "./database.ts";
import { startLocalSupabase } from "./index.ts";
import { scratchRoot } from "./scratch.ts";

/** Admin account present in every template copy (app_metadata.is_admin = true). */
export const TEST_ADMIN = { email: "admin@example.com", password: "admin-password-1" } as const;

export const DEFAULT_TEMPLATE_DIR = join(import.meta.dirname, "..", "..", ".data", "test-template");
const FINGERPRINT_FILE = "template-fingerprint";
/** Files of a data directory that must not be copied. */
const NOT_COPIED = new Set(["backend.lock", "backend.url", FINGERPRINT_FILE]);

function currentFingerprint(): string {
  return `${schemaFingerprint()}:${TEST_ADMIN.email}:${TEST_ADMIN.password}`;
}

function isUpToDate(dir: string): boolean {
  const file = join(dir, FINGERPRINT_FILE);
  return existsSync(file) && readFileSync(file, "utf8") === currentFingerprint();
}

/**
 * Returns a template directory for the current migrations/seed, building it when missing or
 * stale (built next to the target, then renamed into place).
 */
export async function ensureTestTemplate(dir = DEFAULT_TEMPLATE_DIR): Promise<string> {
  if (isUpToDate(dir)) return dir;
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const backend = await startLocalSupabase({
    dir: building,
    port: 0,
    siteUrl: "http://localhost:3000",
    // The site's administrator, as server/admin-account.ts makes it.
    users: [
      {
        ...TEST_ADMIN,
        appMetadata: { is_admin: true },
        userMetadata: { full_name: "Administrator" },
      },
    ],
    quiet: true,
  });
  await backend.close();
  writeFileSync(join(building, FINGERPRINT_FILE), currentFingerprint());
  if (isUpToDate(dir)) {
    // Another process finished first.
    rmSync(building, { recursive: true, force: true });
    return dir;
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return dir;
}

/** A fresh temporary copy of the template (from SUPABASE_TEMPLATE_DIR when set). */
export async function createTestDataDir(): Promise<string> {
  const template = process.env.SUPABASE_TEMPLATE_DIR ?? (await ensureTestTemplate());
  const target = mkdtempSync(join(scratchRoot(), "supabase-local-test-"));
  cpSync(template, target, {
    recursive: true,
    filter: (source) => !(dirname(source) === template && NOT_COPIED.has(basename(source))),
  });
  return target;
}
