import { defineConfig } from "vitest/config";
import { PATIENT_FILES } from "./test/setup/patient-files.ts";
import { integrationOptions } from "./test/setup/vitest-options.ts";

/**
 * The patient files (test/setup/patient-files.ts): Vitest files with no clock in them, run at
 * the lowest CPU priority beside the abuse suite (`npm run test:patient`, scripts/side-by-side.ts).
 * A flood there can hold them for a minute or more, so a test and a hook get four minutes, and a
 * site it starts 200 s to answer (test/support/site.ts).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    ...integrationOptions,
    include: PATIENT_FILES,
    // The clocks a starved process would miss, relaxed: the roles' statement timeouts (in the
    // template, test/setup/patient-setup.ts), the app's wait for its backend (5 s), a site's
    // start (60 s), a test and a hook (below).
    globalSetup: ["test/setup/patient-setup.ts"],
    env: {
      ...integrationOptions.env,
      SUPABASE_TIMEOUT_MS: "240000",
      TEST_SITE_START_MS: "200000",
    },
    testTimeout: 240_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
  },
});
