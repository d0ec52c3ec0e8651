import { describe, expect, it, vi } from "vitest";
import { PLAIN_VIEW } from "../../../test/support/analytics-events";
import type { NotCounted, RecordedEvent } from "./event";
import { type RecordCall, RefusedRows, writeRows } from "./store.server";

const ZONE = "Africa/Nairobi";

const row = (n: number, utm_campaign = ""): RecordedEvent => ({
  ...PLAIN_VIEW,
  at: `2026-12-05T10:00:${String(n % 60).padStart(2, "0")}Z`,
  utm_campaign,
  visitor: n.toString(16).padStart(32, "0"),
  address: "a".repeat(32),
});

/** A database that refuses every call carrying a row `bad` says is bad, and keeps the rest. */
function database(bad: (row: RecordedEvent) => boolean) {
  const stored: RecordedEvent[] = [];
  const counted: NotCounted[] = [];
  let calls = 0;
  const names: string[] = [];
  const call: RecordCall = async (rows, notCounted, name) => {
    calls++;
    names.push(name);
    if (rows.some(bad)) throw new RefusedRows("22P05");
    stored.push(...rows);
    counted.push(...notCounted);
  };
  return { call, stored, counted, names, calls: () => calls };
}

const quiet = () => vi.spyOn(console, "warn").mockImplementation(() => {});

describe("writeRows", () => {
  it("stores the 20 good rows of a batch the database refuses, and sets the bad one aside", async () => {
    const warn = quiet();
    const db = database((r) => r.utm_campaign === "bad");
    const rows = Array.from({ length: 21 }, (_, n) => row(n, n === 11 ? "bad" : ""));
    const earlier: NotCounted[] = [{ day: "2026-12-05", reason: "burst", events: 2 }];
    const aside = await writeRows(db.call, rows, earlier, "b1", ZONE);
    expect(db.stored).toHaveLength(20);
    expect(db.stored.map((r) => r.utm_campaign)).not.toContain("bad");
    expect(aside).toEqual([{ day: "2026-12-05", reason: "refused", events: 1 }]);
    expect(db.counted).toEqual(earlier);
    // Halving finds one bad row among 21 in 2 × ⌈log2 21⌉ + 3 calls, and the log names no value.
    expect(db.calls()).toBeLessThanOrEqual(13);
    expect(warn.mock.calls.flat().join(" ")).not.toContain("bad");
    expect(warn.mock.calls.flat().join(" ")).toContain("22P05");
    warn.mockRestore();
    // The next batch is not touched by it.
    expect(await writeRows(db.call, [row(30), row(31)], [], "b2", ZONE)).toEqual([]);
    expect(db.stored).toHaveLength(22);
  });

  it("bounds the calls when every row is refused, setting the rest aside whole", async () => {
    const warn = quiet();
    const db = database(() => true);
    const rows = Array.from({ length: 1000 }, (_, n) => row(n));
    const aside = await writeRows(db.call, rows, [], "b3", ZONE);
    warn.mockRestore();
    expect(db.calls()).toBe(48);
    expect(aside).toEqual([{ day: "2026-12-05", reason: "refused", events: 1000 }]);
  });

  it("names each part after its place in the halving, the same for the same batch", async () => {
    const warn = quiet();
    const bad = (r: RecordedEvent) => r.utm_campaign === "bad";
    const rows = [row(1), row(2, "bad"), row(3)];
    const first = database(bad);
    const again = database(bad);
    await writeRows(first.call, rows, [], "b6", ZONE);
    await writeRows(again.call, rows, [], "b6", ZONE);
    warn.mockRestore();
    expect(first.names).toEqual(["b6", "b6.0", "b6.0.0", "b6.0.1", "b6.1"]);
    expect(again.names).toEqual(first.names);
  });

  it("throws when nothing was stored (the batch is tried again), gives up the rest after a partial write", async () => {
    const down: RecordCall = async () => {
      throw new Error("backend down");
    };
    await expect(writeRows(down, [row(1)], [], "b4", ZONE)).rejects.toThrow("backend down");
    const warn = quiet();
    let calls = 0;
    // One bad row, and the backend goes down after the first half is stored.
    const flaky: RecordCall = async (rows) => {
      calls++;
      if (calls === 1) throw new RefusedRows("23514");
      if (calls > 2) throw new Error("backend down");
      expect(rows).toHaveLength(2);
    };
    const aside = await writeRows(flaky, [row(1), row(2), row(3), row(4)], [], "b5", ZONE);
    warn.mockRestore();
    expect(aside).toEqual([{ day: "2026-12-05", reason: "unwritten", events: 2 }]);
  });
});
