import { cpSync, rmSync } from "node:fs";
import { basename, dirname } from "node:path";
import { ensureTestTemplate } from "@jenga/supabase-local/testing";

/**
 * Playwright's server starts on a fresh data directory: a copy of the migrated and seeded test
 * template (the one the Vitest suite copies; built here when missing or stale), instead of an
 * empty directory the server would run every migration and the seed in (initdb in WebAssembly:
 * seconds per server, both e2e servers at once). The server then ensures ADMIN_EMAIL with
 * ADMIN_PASSWORD at start (server/admin-account.ts) as on any start. A first start on an empty
 * directory stays tested by the Lighthouse gate (emptyDataDir) and the backend's own tests.
 */
const dir = process.env.SUPABASE_LOCAL_DIR || ".data/e2e";
/** The template's own files, not a data directory's (supabase/local/template.ts). */
const NOT_COPIED = new Set(["backend.lock", "backend.url", "template-fingerprint"]);

rmSync(dir, { recursive: true, force: true });
/** Both e2e servers start at once: if both build a stale template, the one that renames its
 * copy into place second fails, and then finds the first one's. */
const template =
  process.env.SUPABASE_TEMPLATE_DIR ??
  (await ensureTestTemplate().catch(() => ensureTestTemplate()));
cpSync(template, dir, {
  recursive: true,
  filter: (source) => !(dirname(source) === template && NOT_COPIED.has(basename(source))),
});
