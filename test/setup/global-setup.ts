/**
 * Vitest globalSetup: builds (or reuses, when migrations/seed are unchanged) the migrated and
 * seeded PGlite template under .data/test-template and exports its path to the test workers
 * as SUPABASE_TEMPLATE_DIR. Test files start their own backend on a copy with
 * `startTestBackend()` from supabase/local/testing.ts; every copy of the run goes in one scratch
 * directory that the run removes when it ends (`startScratchRun`).
 */
import { ensureTestTemplate, startScratchRun } from "@jenga/supabase-local/testing";

export default async function setup(): Promise<() => void> {
  const removeScratch = startScratchRun();
  const started = Date.now();
  const dir = await ensureTestTemplate();
  process.env.SUPABASE_TEMPLATE_DIR = dir;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`[global-setup] Supabase template ready in ${seconds}s: ${dir}`);
  return removeScratch;
}
