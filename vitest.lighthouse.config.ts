import { defineConfig } from "vitest/config";

// Lighthouse budgets (npm run test:lighthouse), one file at a time. `npm test` runs them niced
// beside the abuse suite: the gate times pages by their threads' CPU (decision 016), so waiting
// for a core moves no score, but a flood can hold the site it starts for over a minute.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/lighthouse/**/*.test.ts"],
    fileParallelism: false,
    env: { TEST_SITE_START_MS: "200000" },
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: "forks",
  },
});
