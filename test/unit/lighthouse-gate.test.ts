import { describe, expect, it } from "vitest";
import { type Audit, medianOf } from "../../bench/lib/lighthouse";
import { decided, gateVerdict, missedBounds, RUNS } from "../support/lighthouse-gate";

const good: Pick<Audit, "scores" | "metrics"> = {
  scores: { performance: 99, accessibility: 100, "best-practices": 100, seo: 100 },
  metrics: {
    "first-contentful-paint": 900,
    "largest-contentful-paint": 1_200,
    "total-blocking-time": 0,
    "speed-index": 1_000,
    "cumulative-layout-shift": 0,
  },
};
/** Runs that miss one bound each, or several, as Lighthouse's outliers do. */
const slow = { ...good, scores: { ...good.scores, performance: 71 } };
const inaccessible = { ...good, scores: { ...good.scores, accessibility: 93 } };
const latePaint = { ...good, metrics: { ...good.metrics, "first-contentful-paint": 3_400 } };
const shifting = { ...good, metrics: { ...good.metrics, "cumulative-layout-shift": 0.4 } };
const broken = {
  scores: { performance: 40, accessibility: 90, "best-practices": 96, seo: 92 },
  metrics: { ...good.metrics, "first-contentful-paint": 5_000, "cumulative-layout-shift": 1 },
};
const misses = [slow, inaccessible, latePaint, shifting, broken];

describe("the Lighthouse gate's early verdict", () => {
  it("is decided by two good runs of three, and the three runs' medians agree whatever the third", () => {
    expect(RUNS).toBe(3);
    expect(decided([good])).toBe(false);
    expect(decided([good, good])).toBe(true);
    for (const third of [good, ...misses]) {
      for (const order of [
        [good, good, third],
        [good, third, good],
        [third, good, good],
      ]) {
        expect(missedBounds(medianOf(order as Audit[]))).toEqual([]);
        expect(gateVerdict(order)).toEqual([]);
      }
    }
  });

  it("judges the medians of all three runs when two good runs are not there", () => {
    for (const miss of misses) {
      expect(decided([good, miss])).toBe(false);
      expect(gateVerdict([good, miss])).toEqual(["2 of 3 runs measured"]);
      expect(gateVerdict([good, miss, good])).toEqual([]);
    }
    // One good run and two misses of different bounds: each median still meets its bound.
    expect(gateVerdict([slow, latePaint, good])).toEqual([]);
    expect(gateVerdict([slow, broken, good])).toEqual(["performance 71 < 98"]);
    expect(gateVerdict([broken, broken, good])).toEqual(missedBounds(broken));
  });
});
