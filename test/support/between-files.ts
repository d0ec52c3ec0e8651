/**
 * Test files share their worker's modules (vitest.config.ts: `isolate: false`, so a file does
 * not import the whole app again: half the suite's time on two cores). What one file leaves in
 * those modules must not reach the next: after each file the environment variables it set are
 * put back, Vitest's fake clocks, spies and stubs are undone, and what the modules made from the
 * environment or from the file's backend — rate limit counts, the site's content and the
 * published blog, the analytics collector, the jobs runner — starts over. Hooks of a setup file run after the file's own `afterAll`.
 */
import { afterAll, vi } from "vitest";
import { resetAnalytics } from "~/domain/analytics/collector.server";
import { stopJobs } from "~/domain/jobs/jobs.server";
import { resetPublishedBlog } from "~/domain/posts/published.server";
import { resetSiteContent } from "~/domain/site/snapshot.server";
import { forgetRateLimits } from "~/infra/rate-limit.server";

const envAtStart = { ...process.env };

afterAll(async () => {
  // Vitest's own stand-ins: fake clocks, spies, stubbed globals and variables.
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  await stopJobs();
  resetAnalytics();
  forgetRateLimits();
  resetSiteContent();
  resetPublishedBlog();
  for (const key of Object.keys(process.env)) {
    if (!(key in envAtStart)) delete process.env[key];
  }
  Object.assign(process.env, envAtStart);
});
