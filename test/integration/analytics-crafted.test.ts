import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestOnNewConnection } from "../support/http-client";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Issue 40, finding 2: `?utm_campaign=` + 99 × `a` + 😀 was cut at 100 UTF-16 units, inside the
 * emoji; the batch's JSON was refused and the buffer dropped it and the next one (0 of 20
 * surrounding views stored, twice). Now the value is cut by code point, and a row the database
 * refuses costs only itself. Two workers; each batch is written when they restart (SIGHUP).
 */
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const CRAFTED = `${"a".repeat(99)}😀`;

let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({
    env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "on", ANALYTICS_FLUSH_SECONDS: "300" },
  });
}, 60_000);
afterAll(async () => site?.stop());

async function views(from: number, count: number, crafted?: number) {
  const statuses = new Set<number>();
  for (let n = from; n < from + count; n++) {
    const campaign = n === crafted ? `?utm_campaign=${encodeURIComponent(`${CRAFTED}b`)}` : "";
    const answer = await requestOnNewConnection(`${site.url}/services${campaign}`, {
      headers: { "User-Agent": FIREFOX, "X-Forwarded-For": `203.0.113.${n}` },
    });
    statuses.add(answer.status);
  }
  return [...statuses];
}

/** Restarts the workers (each writes what it holds as it drains) until `count` rows are in. */
async function restartWorkersUntil(count: number) {
  const started = performance.now();
  site.child.kill("SIGHUP");
  while ((await site.countRows("analytics_events")) < count) {
    if (performance.now() - started > 15_000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return performance.now() - started;
}

describe("a crafted campaign tag among other views", () => {
  it("costs no view: 20 others stored, the crafted one clipped whole, the next batch unaffected", async () => {
    // The crafted view in the middle of 20 others, then a batch of 20 more.
    expect(await views(1, 21, 11)).toEqual([200]);
    const first = await restartWorkersUntil(21);
    expect(await site.countRows("analytics_events")).toBe(21);
    const { data } = await site.service
      .from("analytics_events")
      .select("utm_campaign")
      .neq("utm_campaign", "");
    expect(data).toEqual([{ utm_campaign: CRAFTED }]);

    expect(await views(30, 20)).toEqual([200]);
    await site.waitForLog(/Workers restarted/, 30_000);
    const second = await restartWorkersUntil(41);
    expect(await site.countRows("analytics_events")).toBe(41);
    // Nothing was set aside or lost.
    expect(await site.countRows("analytics_dropped")).toBe(0);
    // Each batch is written as its worker drains: well within the 10 s drain limit.
    expect(Math.max(first, second)).toBeLessThan(10_000);
  }, 90_000);
});
