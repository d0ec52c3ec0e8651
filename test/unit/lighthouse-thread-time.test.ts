import { describe, expect, it } from "vitest";
import { retimeByThreadTime, type TraceEvent } from "../../bench/lib/thread-time";

const task = (ts: number, dur: number, tdur?: number, tid = 1): TraceEvent => ({
  ph: "X",
  pid: 1,
  tid,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
  name: "RunTask",
});

describe("retimeByThreadTime", () => {
  it("shrinks a task that waited for a core to the CPU time it used, its children with it", () => {
    const parent = task(1000, 60_000, 15_000);
    const child = { ...task(31_000, 20_000, 5_000), name: "Layout" };
    const mark = { ph: "I", pid: 1, tid: 1, ts: 50_000, name: "mark" };
    const events = [parent, child, mark];
    const removed = retimeByThreadTime(events);
    expect(parent.dur).toBe(15_000);
    // The child keeps its place inside the parent: a quarter of the way, a quarter as long.
    expect(child.ts).toBe(1000 + 30_000 * 0.25);
    expect(child.dur).toBe(5_000);
    expect(child.ts + (child.dur ?? 0)).toBeLessThanOrEqual(parent.ts + (parent.dur ?? 0));
    expect(mark.ts).toBe(50_000);
    expect(removed).toBe(45_000);
  });

  it("leaves a task that ran without waiting, one without thread time, and other threads alone", () => {
    const busy = task(0, 40_000, 40_000);
    const unknown = task(50_000, 30_000);
    const other = task(0, 80_000, 20_000, 2);
    retimeByThreadTime([busy, unknown, other]);
    expect(busy.dur).toBe(40_000);
    expect(unknown.dur).toBe(30_000);
    expect(other.dur).toBe(20_000);
  });

  it("never lengthens a task whose thread time reads above its wall time", () => {
    const rounding = task(0, 10_000, 10_050);
    retimeByThreadTime([rounding]);
    expect(rounding.dur).toBe(10_000);
  });
});
