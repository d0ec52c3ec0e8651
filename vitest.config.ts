import { defineConfig } from "vitest/config";
import { PATIENT_FILES } from "./test/setup/patient-files.ts";
import { integrationOptions } from "./test/setup/vitest-options.ts";

// The reactRouter() Vite plugin is deliberately absent: it breaks Vitest ("can't detect preamble").
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    ...integrationOptions,
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "supabase/**/*.test.ts",
      "mpesa/**/*.test.ts",
      "test/unit/**/*.test.{ts,tsx}",
      "test/integration/**/*.test.ts",
    ],
    // Time- and memory-bounded abuse tests run alone: vitest.abuse.config.ts. The patient files
    // run beside them at the lowest CPU priority: vitest.patient.config.ts.
    exclude: ["**/node_modules/**", "**/*.abuse.test.ts", ...PATIENT_FILES],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Three files at a time on these 2-core machines (Vitest's default is cores - 1 = one): the
    // integration files wait on servers, statement bounds and timers, and a third file fills what
    // two leave idle (alone: 303 -> 282 s). The load is what two files beside the Lighthouse
    // gate made before the gate moved beside the abuse suite (scripts/side-by-side.ts).
    maxWorkers: 3,
  },
});
