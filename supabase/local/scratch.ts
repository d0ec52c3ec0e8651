/**
 * Where throw-away copies of data directories go, and one directory per test run that holds
 * them all, so a run leaves nothing behind in memory (/dev/shm is RAM).
 */
import {
  accessSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive } from "./lock.ts";

const RUN_PREFIX = "supabase-local-run-";

/**
 * SUPABASE_TEST_TMPDIR, else /dev/shm when writable (a 40 MB copy takes ~0.2 s in memory versus
 * 1–2 s on a slow disk), else the OS temp dir.
 */
export function scratchRoot(): string {
  const configured = process.env.SUPABASE_TEST_TMPDIR;
  if (configured) return configured;
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return tmpdir();
  }
}

/** Run directories whose process is gone (a run stopped with Ctrl-C, a killed CI job). */
function removeAbandonedRuns(root: string): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(RUN_PREFIX)) continue;
    let pid = 0;
    try {
      pid = Number(readFileSync(join(root, name, "pid"), "utf8"));
    } catch {}
    if (!(pid > 0 && isAlive(pid))) rmSync(join(root, name), { recursive: true, force: true });
  }
}

/**
 * Starts a test run's scratch directory: every copy made from now on in this process and the
 * processes it starts (SUPABASE_TEST_TMPDIR) goes under it, including those of backends a test
 * killed or never closed, and the returned function removes them all. Each copy is ~40 MB, and
 * a full run used to leave ~30 of them in /dev/shm — 19 GB of RAM after a day of runs, enough to
 * make a machine swap and time-bounded tests fail.
 */
export function startScratchRun(): () => void {
  const root = scratchRoot();
  removeAbandonedRuns(root);
  const dir = mkdtempSync(join(root, RUN_PREFIX));
  writeFileSync(join(dir, "pid"), String(process.pid));
  process.env.SUPABASE_TEST_TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
