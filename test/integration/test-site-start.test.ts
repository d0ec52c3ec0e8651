/**
 * test/support/site.ts: a site that does not answer /healthz in time is stopped before the
 * error reaches the test, so it cannot outlive the run (a Lighthouse run niced beside a flood
 * once left one printing for minutes, holding the output of `npm test`).
 */
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { startTestSite } from "../support/site";

/** This process's children running the production server. */
function siteChildren(): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (parent === process.pid && command.includes("server/index.ts")) pids.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

afterEach(() => {
  delete process.env.TEST_SITE_START_MS;
});

it("stops a site that did not answer in time before it reports it", async () => {
  process.env.TEST_SITE_START_MS = "300";
  await expect(startTestSite()).rejects.toThrow("server did not start");
  expect(siteChildren()).toEqual([]);
});
