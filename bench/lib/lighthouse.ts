import * as chromeLauncher from "chrome-launcher";
import type { RunnerResult } from "lighthouse";
import { navigationGather } from "lighthouse/core/gather/navigation-runner.js";
import { Runner } from "lighthouse/core/runner.js";
import { retimeByThreadTime, type TraceEvent } from "./thread-time.ts";

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, for the
 * bench (`npm run bench:lighthouse`) and the budget test (`npm run test:lighthouse`).
 */
export const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof categories)[number];

/** The metrics behind the performance score (ms; CLS unitless). */
export const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "speed-index",
  "cumulative-layout-shift",
] as const;
export type MetricId = (typeof metricIds)[number];

export interface Audit {
  /**
   * Lighthouse's own failure to measure (e.g. NO_FCP: Chrome reported no paint, which headless
   * Chrome does now and then — GoogleChrome/lighthouse#6154): no metric of the run is valid.
   */
  runtimeError?: string;
  /** 0–100 per category. */
  scores: Record<Category, number>;
  metrics: Record<MetricId, number>;
  /** Scored audits under 0.9: `id (score)`, and their details, to say why. */
  failing: string[];
  details: Record<string, unknown>;
  /** The host's benchmarkIndex in this run (Lighthouse's measure of its speed, for the report). */
  benchmarkIndex: number;
  /** Wall time the page's tasks spent waiting for a core, taken out before simulating (ms). */
  waitedMs: number;
  lhr: unknown;
}

export async function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
    ],
  });
}

/**
 * One Lighthouse run of the mobile preset, judged on what the page cost the CPU. Simulated
 * throttling loads the page at full speed and computes the metrics afterwards from the trace, so
 * the run is gathered first, its tasks re-timed by their thread time (bench/lib/thread-time.ts:
 * a task that waited for a core on a busy machine counts what it ran, not what it waited), then
 * audited with Lighthouse's own settings.
 */
export async function audit(url: string, chromePort: number): Promise<Audit> {
  const { artifacts, runnerOptions } = await navigationGather(undefined, url, {
    flags: { port: chromePort, output: "json", logLevel: "error", onlyCategories: [...categories] },
  });
  const waited = retimeByThreadTime(artifacts.Trace.traceEvents as unknown as TraceEvent[]);
  runnerOptions.computedCache.clear();
  const result: RunnerResult | undefined = await Runner.audit(artifacts, runnerOptions);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  const scores = Object.fromEntries(
    categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    metricIds.map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as Record<MetricId, number>;
  const below = Object.values(lhr.audits).filter(
    (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative",
  );
  const runtimeError = lhr.runtimeError
    ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
    : metricIds.some((id) => typeof lhr.audits[id]?.numericValue !== "number")
      ? `missing metrics: ${metricIds.filter((id) => typeof lhr.audits[id]?.numericValue !== "number").join(", ")}`
      : undefined;
  return {
    runtimeError,
    scores,
    metrics,
    failing: below.map((a) => `${a.id} (${a.score})`),
    benchmarkIndex: artifacts.BenchmarkIndex,
    waitedMs: waited / 1000,
    details: Object.fromEntries(
      below.map((a) => [
        a.id,
        { title: a.title, displayValue: a.displayValue, details: a.details },
      ]),
    ),
    lhr,
  };
}

/**
 * `runs` measured audits of a page. A run Lighthouse itself could not measure (`runtimeError`)
 * is set aside and made again, at most `spare` times; the set-aside runs are returned too, so a
 * report can say so. `settled` may end the series early, once the runs measured so far decide
 * what the caller would conclude from all of them.
 */
export async function measure(
  url: string,
  chromePort: number,
  runs: number,
  spare = 2,
  settled: (measured: Audit[]) => boolean = () => false,
) {
  const measured: Audit[] = [];
  const failed: Audit[] = [];
  while (
    measured.length < runs &&
    measured.length + failed.length < runs + spare &&
    !settled(measured)
  ) {
    const result = await audit(url, chromePort);
    (result.runtimeError ? failed : measured).push(result);
  }
  return { measured, failed };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median of each score and metric over several audits of one page. */
export function medianOf(audits: Audit[]) {
  return {
    scores: Object.fromEntries(
      categories.map((c) => [c, median(audits.map((a) => a.scores[c]))]),
    ) as Record<Category, number>,
    metrics: Object.fromEntries(
      metricIds.map((id) => [id, median(audits.map((a) => a.metrics[id]))]),
    ) as Record<MetricId, number>,
  };
}
