import { describe, expect, it } from "vitest";
import { DEFAULT_BACKOFF, retryDelayMs } from "~/domain/jobs/backoff";

describe("retry backoff", () => {
  it("doubles the step from 30 s after each failure, with half of it random", () => {
    for (const [attempts, step] of [
      [1, 30_000],
      [2, 60_000],
      [3, 120_000],
      [5, 480_000],
    ] as const) {
      expect(retryDelayMs(attempts, DEFAULT_BACKOFF, () => 0)).toBe(step / 2);
      expect(retryDelayMs(attempts, DEFAULT_BACKOFF, () => 1)).toBe(step);
      expect(retryDelayMs(attempts, DEFAULT_BACKOFF, () => 0.5)).toBe((step * 3) / 4);
    }
  });

  it("never waits longer than an hour, however many failures (no overflow either)", () => {
    for (const attempts of [8, 20, 1000, Number.MAX_SAFE_INTEGER]) {
      const delay = retryDelayMs(attempts, DEFAULT_BACKOFF, () => 1);
      expect(delay).toBe(3_600_000);
      expect(retryDelayMs(attempts, DEFAULT_BACKOFF, () => 0)).toBe(1_800_000);
    }
  });

  it("spreads jobs that failed together over half a step", () => {
    const delays = Array.from({ length: 1000 }, () => retryDelayMs(3));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(60_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(120_000);
    expect(new Set(delays).size).toBeGreaterThan(500);
  });
});
