import { describe, expect, it } from "vitest";
import { FormGate, loopPressure, overloadSignal, type Release } from "../form-gate.ts";

describe("FormGate", () => {
  it("lets maxActive posts in, queues maxQueued in arrival order, refuses the rest", async () => {
    const gate = new FormGate({ maxActive: 2, maxQueued: 2 });
    const first = (await gate.admit()) as Release;
    const second = (await gate.admit()) as Release;
    const order: string[] = [];
    const noting = (name: string) => (release: Release | null) => {
      order.push(name);
      return release;
    };
    const third = gate.admit().then(noting("third"));
    const fourth = gate.admit().then(noting("fourth"));
    expect(await gate.admit()).toBeNull();
    expect(gate.shed).toBe(1);
    first();
    second();
    const released = [await third, await fourth];
    expect(order).toEqual(["third", "fourth"]);
    for (const release of released) release?.();
    expect(await gate.admit()).not.toBeNull();
  });

  it("refuses instead of queueing while every slot is taken and the loop is overloaded", async () => {
    let overloaded = true;
    const gate = new FormGate({ maxActive: 2, maxQueued: 4, overloaded: () => overloaded });
    // A free slot is taken however busy the loop is.
    const first = await gate.admit();
    const second = await gate.admit();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await gate.admit()).toBeNull();
    overloaded = false;
    const queued = gate.admit();
    first?.();
    const third = await queued;
    expect(third).not.toBeNull();
    second?.();
    third?.();
  });

  it("lets an overloaded loop take posts at overloadedPerSecond, free slots or not", async () => {
    let overloaded = false;
    let now = 0;
    const gate = new FormGate({
      maxActive: 8,
      overloaded: () => overloaded,
      overloadedPerSecond: 5,
      now: () => now,
    });
    const admitted = async (count: number) => {
      let letIn = 0;
      for (let i = 0; i < count; i++) {
        const release = await gate.admit();
        if (release) {
          letIn++;
          release();
        }
      }
      return letIn;
    };
    // A quick post at a time never fills the slots: on a loop that copes, all are let in.
    expect(await admitted(100)).toBe(100);
    overloaded = true;
    expect(await admitted(100)).toBe(5);
    expect(gate.shed).toBe(95);
    now += 400;
    expect(await admitted(100)).toBe(2);
    now += 10_000;
    expect(await admitted(100)).toBe(5);
    overloaded = false;
    expect(await admitted(100)).toBe(100);
  });

  it("counts a release once", async () => {
    const gate = new FormGate({ maxActive: 1, maxQueued: 0 });
    const release = (await gate.admit()) as Release;
    release();
    release();
    const again = await gate.admit();
    expect(again).not.toBeNull();
    expect(await gate.admit()).toBeNull();
  });
});

describe("loopPressure", () => {
  it("sees a loop blocked for 150 ms", async () => {
    const monitor = loopPressure(10, 5);
    // A quiet moment first: on a busy machine the process may wait for a core now and then.
    await expect.poll(() => monitor.lag(), { timeout: 5_000, interval: 20 }).toBeLessThan(40);
    const until = performance.now() + 150;
    while (performance.now() < until) {
      // busy: the loop cannot run its timers
    }
    expect(monitor.lag()).toBeGreaterThan(100);
    monitor.stop();
  });

  it("sees a loop kept busy by short tasks that never lag much", async () => {
    const monitor = loopPressure(10, 5);
    await expect
      .poll(() => monitor.utilization(), { timeout: 5_000, interval: 20 })
      .toBeLessThan(0.5);
    const until = performance.now() + 120;
    while (performance.now() < until) {
      // 4 ms of work, then back to the loop: short tasks, one after the other
      const slice = performance.now() + 4;
      while (performance.now() < slice) {}
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(monitor.utilization()).toBeGreaterThan(0.8);
    monitor.stop();
  });
});

describe("overloadSignal", () => {
  const calm = { lag: () => 5, utilization: () => 0.3 };
  const lagging = { lag: () => 120, utilization: () => 0.3 };
  const busy = { lag: () => 5, utilization: () => 0.97 };

  it("is the loop's pressure past OVERLOAD with rate limits on", () => {
    expect(overloadSignal(calm, true)()).toBe(false);
    expect(overloadSignal(lagging, true)()).toBe(true);
    expect(overloadSignal(busy, true)()).toBe(true);
  });

  it("never sheds for load with rate limits off: a test server's one address is everyone", async () => {
    expect(overloadSignal(lagging, false)()).toBe(false);
    expect(overloadSignal(busy, false)()).toBe(false);
    // A gate on it admits a burst of posts from one client up to its slots and line, as it
    // would on a quiet loop, where an overloaded one refuses past its per-second bucket.
    const gate = (rateLimits: boolean) =>
      new FormGate({ overloaded: overloadSignal(busy, rateLimits), now: () => 0 });
    const admitted = async (rateLimits: boolean) => {
      const g = gate(rateLimits);
      let n = 0;
      // Each post is answered before the next: none ever waits for a slot.
      for (let i = 0; i < 40; i++) {
        const release = await g.admit();
        if (release === null) continue;
        n++;
        release();
      }
      return n;
    };
    expect(await admitted(false)).toBe(40);
    expect(await admitted(true)).toBeLessThan(40);
  });
});
