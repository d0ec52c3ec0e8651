import { describe, expect, it, vi } from "vitest";
import { pendingView } from "../../../test/support/analytics-events";
import { heldHeap, MB } from "../../../test/support/held-heap";
import { AnalyticsBuffer, type BufferLimits } from "./buffer.server";
import type { NotCounted, PendingEvent } from "./event";

const LIMITS: BufferLimits = {
  maxEvents: 100,
  flushAt: 50,
  perVisitor: 3,
  maxVisitors: 40,
  windowMs: 60_000,
};

/** The agency's zone (AGENCY_TIME_ZONE's default): the days of the events not counted. */
const ZONE = "Africa/Nairobi";

const view = (ip: string, userAgent = "Firefox") => pendingView({ ip, userAgent });

describe("AnalyticsBuffer", () => {
  it("writes what it holds in one batch, and nothing when empty", async () => {
    const write = vi.fn(async (_batch: PendingEvent[]) => [] as NotCounted[]);
    const buffer = new AnalyticsBuffer(write, ZONE, LIMITS);
    for (const ip of ["a", "b", "c"]) buffer.add(view(ip));
    await buffer.flush();
    await buffer.flush();
    expect(write).toHaveBeenCalledTimes(1);
    expect(write.mock.calls[0]?.[0]).toHaveLength(3);
    expect(buffer.written).toBe(3);
  });

  it("caps each visitor per window, then counts them again", () => {
    let now = 0;
    const buffer = new AnalyticsBuffer(
      async () => [],
      ZONE,
      LIMITS,
      () => now,
    );
    const taken = Array.from({ length: 10 }, () => buffer.add(view("203.0.113.9")));
    expect(taken.filter(Boolean)).toHaveLength(3);
    expect(buffer.add(view("203.0.113.9", "Chrome"))).toBe(true);
    expect(buffer.dropped).toBe(7);
    now = 60_000;
    expect(buffer.add(view("203.0.113.9"))).toBe(true);
  });

  it("writes at flushAt without waiting for the timer", async () => {
    const write = vi.fn(async (_batch: PendingEvent[]) => [] as NotCounted[]);
    const buffer = new AnalyticsBuffer(write, ZONE, { ...LIMITS, maxVisitors: 1000 });
    for (let i = 0; i < 50; i++) buffer.add(view(`10.0.0.${i}`));
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    expect(write.mock.calls[0]?.[0]).toHaveLength(50);
  });

  it("tries a failed batch once more under its id before the next one, then gives it up", async () => {
    const calls: { size: number; id: string }[] = [];
    let fail = true;
    const buffer = new AnalyticsBuffer(
      async (batch, _counts, id) => {
        calls.push({ size: batch.length, id });
        if (fail) throw new Error("backend down");
        return [];
      },
      ZONE,
      LIMITS,
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    buffer.add(view("a"));
    await buffer.flush();
    buffer.add(view("b"));
    await buffer.flush();
    buffer.add(view("c"));
    fail = false;
    await buffer.flush();
    warn.mockRestore();
    // a, a again (given up), b; b again (written), c.
    expect(calls.map((call) => call.size)).toEqual([1, 1, 1, 1, 1]);
    const ids = calls.map((call) => call.id);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[3]).toBe(ids[2]);
    expect(new Set(ids).size).toBe(3);
    expect(buffer.dropped).toBe(1);
    expect(buffer.written).toBe(2);
  });

  it("reports what it dropped, by day and reason, with the next batch, until it is written", async () => {
    const calls: NotCounted[][] = [];
    let fail = true;
    let now = Date.UTC(2026, 11, 5, 12);
    const buffer = new AnalyticsBuffer(
      async (_batch, notCounted) => {
        calls.push(notCounted);
        if (fail) throw new Error("backend down");
        // The writer could not count one event (the database refused it): reported next time.
        return calls.length === 2 ? [{ day: "2026-12-05", reason: "refused", events: 1 }] : [];
      },
      ZONE,
      { ...LIMITS, maxEvents: 5 },
      () => now,
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < 5; i++) buffer.add(view("198.51.100.1", `Firefox ${i}`));
    expect(buffer.add(view("198.51.100.2"))).toBe(false);
    now += 3_600_000;
    for (let i = 0; i < 4; i++) buffer.add(view("198.51.100.3"));
    await buffer.flush();
    fail = false;
    await buffer.flush();
    await buffer.flush();
    await buffer.flush();
    warn.mockRestore();
    expect(calls).toEqual([
      // The first write fails: its counts wait for the next.
      [{ day: "2026-12-05", reason: "overflow", events: 5 }],
      // The failed batch again, then the counts alone.
      [],
      [{ day: "2026-12-05", reason: "overflow", events: 5 }],
      [{ day: "2026-12-05", reason: "refused", events: 1 }],
    ]);
  });

  it("bounds a flood of fake views in time and memory while the backend hangs", async () => {
    const limits: BufferLimits = {
      maxEvents: 5_000,
      flushAt: 1_000,
      perVisitor: 30,
      maxVisitors: 20_000,
      windowMs: 60_000,
    };
    // The backend never answers: nothing leaves the buffer.
    const buffer = new AnalyticsBuffer(() => new Promise<NotCounted[]>(() => {}), ZONE, limits);
    // Seven browsers of 500 characters, 65 536 addresses: far more visitors than the caps.
    const agents = Array.from({ length: 7 }, (_, n) => `Mozilla/5.0 ${"x".repeat(500)}${n}`);
    const before = heldHeap();
    const started = performance.now();
    const flood = 300_000;
    for (let i = 0; i < flood; i++) {
      buffer.add(view(`198.51.${(i >> 8) & 255}.${i & 255}`, agents[i % 7]));
    }
    const ms = performance.now() - started;
    const held = heldHeap() - before;
    console.log(
      `flood of ${flood} views: ${ms.toFixed(0)} ms, heap +${(held / MB).toFixed(1)} MB held after`,
    );
    expect(buffer.size).toBe(5_000);
    expect(buffer.dropped).toBe(flood - 5_000);
    // ~2 µs per view on an idle core; the bound leaves room for a loaded machine.
    expect(ms).toBeLessThan(5_000);
    // 5 000 events plus 20 000 rate keys are a few MB (measured after a full collection, so
    // the loop's own garbage does not count); 300 000 views kept would be over 100 MB.
    expect(held).toBeLessThan(32 * MB);
  });
});
