import { describe, expect, it } from "vitest";
import { fifoLimit } from "~/infra/fifo-limit";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("fifoLimit", () => {
  it("runs at most `max` tasks at once and starts the rest in arrival order", async () => {
    const limited = fifoLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = [1, 2, 3, 4, 5].map((n) =>
      limited(async () => {
        started.push(n);
        running++;
        peak = Math.max(peak, running);
        await tick();
        running--;
        return n * 10;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([10, 20, 30, 40, 50]);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it("frees the slot when a task fails", async () => {
    const limited = fifoLimit(1);
    await expect(limited(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limited(async () => "next")).toBe("next");
  });
});
