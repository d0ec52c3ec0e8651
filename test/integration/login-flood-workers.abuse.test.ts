import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Cached pages during a login flood with the default two workers (an outside run measured the
 * cached /blog at p99 70 ms there, against 11 ms with one worker). The flood — 50 connections of
 * wrong passwords for five addresses from ever-new X-Forwarded-For addresses — runs in a process
 * of its own at nice 19 (the attacker's machine is not ours), as `npm run bench:login-flood`
 * does; visitors read the cached /blog meanwhile.
 */
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({
    env: { RATE_LIMIT: "on", TRUST_PROXY: "1", WEB_CONCURRENCY: "2" },
  });
  // Each worker keeps its own page cache: enough reads to fill both.
  for (let i = 0; i < 8; i++) await (await fetch(`${site.url}/blog`)).arrayBuffer();
}, 60_000);

afterAll(async () => {
  await site?.stop();
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe("a login flood on two workers", () => {
  it("keeps the cached blog fast, and the wait is not in the page cache", async () => {
    const flood = spawn(
      process.execPath,
      ["bench/lib/credential-stuffing.ts", site.url, "10", "50", "5"],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    if (flood.pid) setPriority(flood.pid, 19);
    let output = "";
    flood.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    const exited = new Promise((resolve) => flood.once("exit", resolve));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const reading = await autocannon({ url: `${site.url}/blog`, connections: 10, duration: 8 });
    await exited;
    const attempts = JSON.parse(output.trim()) as {
      total: number;
      statuses: Record<string, number>;
    };
    // The server's own time for the same reads (its access log): from the request's first byte to
    // the answer's last.
    const served = site
      .requests()
      .filter((r) => r.method === "GET" && r.path === "/blog")
      .slice(-reading.requests.total)
      .map((r) => r.ms);
    console.log(
      `2 workers, login flood ${JSON.stringify(attempts.statuses)}: cached /blog p50 ${reading.latency.p50} ms, p99 ${reading.latency.p99} ms (server's own p99 ${percentile(served, 99)} ms), ${reading.requests.average} req/s`,
    );
    expect(attempts.total).toBeGreaterThan(0);
    expect(Object.keys(attempts.statuses).filter((s) => Number(s) >= 500 && s !== "503")).toEqual(
      [],
    );
    expect(reading.errors + reading.non2xx).toBe(0);
    // The goal is 50 ms (measured 26 ms on a quiet machine: bench/README.md); the bound leaves
    // room for a busier one.
    expect(reading.latency.p99).toBeLessThan(100);
    // Inside the worker a cached read takes well under a millisecond however busy it is: what
    // the readers wait beyond that, they wait for the event loop or a CPU.
    expect(percentile(served, 99)).toBeLessThan(10);
  }, 60_000);
});
