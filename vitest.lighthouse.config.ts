import { defineConfig } from "vitest/config";

// Lighthouse budgets (npm run test:lighthouse): alone, one file at a time, after the other
// tests, so the timings Lighthouse measures are not those of a machine busy with other work.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["test/lighthouse/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
