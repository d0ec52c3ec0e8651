import type { ViteUserConfig } from "vitest/config";

/** What the main Vitest run and the patient files' run (test/setup/patient-files.ts) share. */
export const integrationOptions = {
  globalSetup: ["test/setup/global-setup.ts"],
  // Backends started by tests hash new passwords at bcrypt cost 4 instead of 10 (GoTrue's): the
  // same algorithm at 1/64 of the work (supabase/local/testing.ts; the abuse suite keeps 10);
  // so do the sites they start (their embedded backend: SUPABASE_LOCAL_PASSWORD_HASH_COST).
  env: {
    SUPABASE_TEST_PASSWORD_HASH_COST: "4",
    SUPABASE_LOCAL_PASSWORD_HASH_COST: "4",
    // The sites the files start, and the backend processes they fork: see execArgv.
    TEST_SITE_NODE_FLAGS: "--liftoff-only",
  },
  // PGlite's WebAssembly on V8's baseline compiler only. Its optimising tier compiles hot
  // functions on background threads, which in a short-lived process costs more CPU than it
  // saves: a new process opening the test template and running 300 queries used 1 151 ms of
  // CPU, 597 ms on the baseline (5 000 queries: 4 210 and 3 332 ms, the same wall time). The
  // suite, two pairs of runs one after the other: 612 -> 473 and 543 -> 527 CPU-seconds (the
  // machine's noise is of that order), 2 326 tests passing. A long CPU-bound query is ~1.8x slower
  // on the baseline, so what runs long keeps the default tiers: the production server in the
  // e2e and abuse suites and the Lighthouse gate.
  execArgv: ["--liftoff-only"],
  setupFiles: ["test/support/matchers.ts", "test/support/between-files.ts"],
  pool: "forks",
  // A worker keeps its modules from one file to the next instead of importing the app again
  // for each (measured: 465 s → 242 s for the suite on two cores). What a file changes in them
  // is undone after it: test/support/between-files.ts.
  isolate: false,
} satisfies NonNullable<ViteUserConfig["test"]>;
