import { describe, expect, it } from "vitest";
import { heldHeap } from "../../test/support/held-heap.ts";
import { batchedAccessLog } from "../access-log.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("batchedAccessLog", () => {
  it("writes the lines of one turn of the event loop together, and a lone line at once", async () => {
    const writes: string[] = [];
    const log = batchedAccessLog((text) => writes.push(text), { backlog: () => 0 });
    for (let i = 0; i < 500; i++) log.line(`GET /blog 200 ${i}`);
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(writes[0]?.split("\n")).toHaveLength(500);
    log.line("GET / 200");
    await nextTurn();
    expect(writes.at(-1)).toBe("GET / 200");
  });

  it("keeps at most maxLines in memory under a flood and says how many it dropped", async () => {
    const writes: string[] = [];
    const log = batchedAccessLog((text) => writes.push(text), { maxLines: 100, backlog: () => 0 });
    const before = heldHeap();
    const started = performance.now();
    for (let i = 0; i < 1_000_000; i++) log.line(`POST /login 429 ${"x".repeat(40)} ${i}`);
    const ms = performance.now() - started;
    const grown = heldHeap() - before;
    await nextTurn();
    const written = writes[0]?.split("\n") ?? [];
    expect(written).toHaveLength(101);
    expect(written.at(-1)).toBe("(999900 access log lines dropped: the log fell behind)");
    expect(ms).toBeLessThan(2000);
    expect(grown).toBeLessThan(20 * 1024 * 1024);
  });

  it("writes nothing more while the reader of the log has fallen behind", async () => {
    const writes: string[] = [];
    let backlog = 5 * 1024 * 1024;
    const log = batchedAccessLog((text) => writes.push(text), { backlog: () => backlog });
    for (let i = 0; i < 10; i++) log.line(`GET /blog 200 ${i}`);
    await nextTurn();
    expect(writes).toEqual([]);
    backlog = 0;
    log.line("GET / 200");
    await nextTurn();
    expect(writes).toEqual(["GET / 200\n(10 access log lines dropped: the log fell behind)"]);
  });
});
