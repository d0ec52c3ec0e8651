import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFlood } from "../../bench/lib/sign-in-flood";
import { type ProcessMemory, processTreeMemory } from "../support/process-memory";
import { stalledPost } from "../support/raw-http";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Memory after abuse: the review saw a worker go from 377 to 1 486 MiB after its bursts. The
 * site with its default two workers and the embedded backend takes the abuse suite's bursts —
 * password checks for ever-new addresses (bcrypt), a post flood from rotating addresses, a flood
 * of views with ever-new query strings and browsers, stalled 1 MB bodies — three times over, and
 * every process of it must come back: what a round leaves behind is measured once the site is
 * quiet again, and the third round may leave little more than the first (memory a burst touched
 * stays with the process for reuse; memory kept for ever adds up round after round).
 */
const MB = 1024 * 1024;
const BURST_SECONDS = 5;
/**
 * The bounds, reasoned from what a leak does: memory kept per request grows by the same amount
 * every round of the same bursts, memory kept for reuse grows less each round. Measured on
 * 2-core machines (SECURITY.md row 71): the first round added 108–209 MB to the whole site (the
 * workers' heaps and the database's buffers growing to their working size), the third round
 * itself −9 to +27 MB, the whole site 355 MB over its start at most, and workers ended at
 * 224–305 MB. Before the workers' young generation was
 * capped (server/worker-flags.ts) six rounds took a worker from 154 to 351 MB; the review saw
 * one at 1 486 MiB.
 */
const BOUND_FIRST_ROUND = 320 * MB;
/**
 * The third round alone, for the site's processes (what the review saw grow): they added
 * 115–140 MB in a first round and 37–43 MB in a third (2026-11-28/29), so a leak the size of a
 * first round fails. The database process is judged on where it ends instead: its resident
 * memory swings ±180 MB from one quiet moment to the next (WebAssembly memory and password
 * threads; a fresh-clone CI run measured 468 → 540 → 386 → 566 MB over the rounds), so its third
 * round alone says nothing.
 */
const BOUND_THIRD_ROUND = 96 * MB;
const BOUND_DATABASE_AFTER_ALL = 256 * MB;
const BOUND_AFTER_ALL = 480 * MB;
const BOUND_PER_WORKER = 400 * MB;
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite({
    env: { RATE_LIMIT: "on", TRUST_PROXY: "1", WEB_CONCURRENCY: "2" },
  });
  for (const path of ["/blog", "/contact", "/login", "/"])
    await (await fetch(site.url + path)).text();
}, 90_000);

afterAll(async () => {
  await site?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sign-ins of ever-new e-mail addresses from ever-new client addresses: each one is a bcrypt. */
async function passwordBurst(round: number) {
  await signInFlood({
    url: site.url,
    connections: 40,
    duration: BURST_SECONDS,
    email: (n) => `burst-${round}-${n}@example.com`,
    address: (n) => `10.${round}.${(n >> 8) & 255}.${n & 255}`,
  });
}

/** The abuse suite's post flood (sign-ins and contact messages from rotating addresses). */
function postFlood(): Promise<void> {
  const child = spawn(
    process.execPath,
    ["test/support/post-flood.ts", site.url, String(BURST_SECONDS), "50", "rotating"],
    { stdio: "ignore" },
  );
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Views with ever-new campaigns and browsers: page-cache keys and analytics visitors. */
async function viewFlood(round: number) {
  let n = 0;
  await autocannon({
    url: site.url,
    connections: 20,
    duration: BURST_SECONDS,
    requests: [
      {
        method: "GET",
        setupRequest(request) {
          n++;
          return {
            ...request,
            path: `/blog?utm_campaign=round-${round}-${n}`,
            headers: {
              "user-agent": `Mozilla/5.0 (burst ${round}-${n})`,
              "x-forwarded-for": `10.99.${(n >> 8) & 255}.${n & 255}`,
            },
          };
        },
      },
    ],
  });
}

/** 200 contact posts announcing 1 MB that stall, held for a few seconds, then dropped. */
async function stalledBodies() {
  const sockets = Array.from({ length: 200 }, () =>
    stalledPost(site.url, "/contact", {
      length: MB,
      sent: 64 * 1024,
      contentType: "application/x-www-form-urlencoded",
    }),
  );
  await sleep(3000);
  for (const s of sockets) s.socket.destroy();
  await Promise.all(sockets.map((s) => s.closed));
}

/** The tree's memory once it is quiet: the backlog answered, timers run, a few seconds idle. */
async function settled(): Promise<ProcessMemory[]> {
  await sleep(6000);
  return processTreeMemory(site.child.pid as number);
}

const total = (tree: ProcessMemory[]) => tree.reduce((sum, p) => sum + p.rss, 0);
/** The site's processes (the primary and its workers), without the embedded database. */
const siteProcesses = (tree: ProcessMemory[]) => tree.filter((p) => p.name === "server/index.ts");
const database = (tree: ProcessMemory[]) => tree.filter((p) => p.name !== "server/index.ts");
const show = (tree: ProcessMemory[]) =>
  tree.map((p) => `${p.name} ${(p.rss / MB).toFixed(0)}`).join(", ");

describe("memory after the abuse bursts", () => {
  it("comes back after each round: a third round leaves no more behind than the first", async () => {
    const start = await settled();
    const after: ProcessMemory[][] = [];
    for (let round = 1; round <= 3; round++) {
      // The bursts at once, as an attacker would send them (one after the other took 3× as long
      // and left no more behind).
      await Promise.all([passwordBurst(round), postFlood(), viewFlood(round), stalledBodies()]);
      after.push(await settled());
      // The site still answers as before.
      expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    }
    console.log(
      [
        `before:  ${(total(start) / MB).toFixed(0)} MB (${show(start)})`,
        ...after.map((t, i) => `round ${i + 1}: ${(total(t) / MB).toFixed(0)} MB (${show(t)})`),
      ].join("\n"),
    );
    const [first, second, third] = after as [ProcessMemory[], ProcessMemory[], ProcessMemory[]];
    expect(third.length).toBe(start.length);
    // What the first round may leave: each process keeps the heap and the buffers a burst grew
    // (for reuse), the page cache its cap of entries, the rate limits their capped keys.
    expect(total(first) - total(start)).toBeLessThan(BOUND_FIRST_ROUND);
    // The third round alone: far less than the first (a leak would add about as much again).
    expect(total(siteProcesses(third)) - total(siteProcesses(second))).toBeLessThan(
      BOUND_THIRD_ROUND,
    );
    expect(total(database(third)) - total(database(start))).toBeLessThan(BOUND_DATABASE_AFTER_ALL);
    expect(total(third) - total(start)).toBeLessThan(BOUND_AFTER_ALL);
    // No worker holds more than a bound at the end (the review saw one at 1 486 MiB).
    for (const worker of siteProcesses(third).slice(1)) {
      expect(worker.rss, `worker ${worker.pid}`).toBeLessThan(BOUND_PER_WORKER);
    }
  }, 240_000);
});
