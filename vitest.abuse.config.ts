import { defineConfig } from "vitest/config";

/**
 * Abuse tests bound server time and memory: they run on their own, one file at a time, after
 * the main suite (`npm run test:abuse`), so another test's load on the two cores is never
 * mistaken for slowness.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["**/*.abuse.test.ts"],
    exclude: ["**/node_modules/**"],
    globalSetup: ["test/setup/global-setup.ts"],
    setupFiles: ["test/support/matchers.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: false,
  },
});
