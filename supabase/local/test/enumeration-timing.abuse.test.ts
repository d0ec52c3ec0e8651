/**
 * Account enumeration at the backend: a sign-up or a recovery request for an existing address
 * answers like one for a new/unknown address and costs about the same time.
 *
 * Timing is compared on medians of 40 interleaved calls (the brief asked for 20; 40 steadies
 * the medians on a shared 2-CPU host). The database work is compared on a
 * backend whose bcrypt cost is 4 (~1 ms), because the run-to-run noise of cost-10 bcrypt on a
 * busy host exceeds 5 ms; a separate check shows the cost-10 hash runs for existing addresses.
 * These tests run alone (npm run test:abuse), so other tests' load is not mistaken for a gap.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { median, serviceClient, uniqueEmail } from "./helpers.ts";

const RUNS = 40;
const TIMING = { timeout: 120_000 };
const MAX_GAP_MS = 5;
/**
 * The gap allowed between the medians: 5 ms, or a quarter of the real branch's median when
 * the host is so busy that everything is slower. Without the equal-time work the cheap
 * branch answers in about 40% of the real branch's time, so either bound catches that.
 */
const allowedGap = (realMedian: number) => Math.max(MAX_GAP_MS, 0.25 * realMedian);
let cheapHash: TestBackend;
let realHash: TestBackend;

beforeAll(async () => {
  [cheapHash, realHash] = await Promise.all([
    startTestBackend({ security: { passwordHashCost: 4 } }),
    startTestBackend(),
  ]);
});
afterAll(() => Promise.all([cheapHash?.close(), realHash?.close()]));

type Timed = { ms: number; status: number; json: Record<string, unknown> };

function post(backend: TestBackend, path: string, body: unknown): () => Promise<Timed> {
  return async () => {
    const started = performance.now();
    const response = await fetch(`${backend.url}/auth/v1${path}`, {
      method: "POST",
      headers: { apikey: backend.anonKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    return { ms: performance.now() - started, status: response.status, json };
  };
}

async function confirmedUsers(backend: TestBackend, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, () => uniqueEmail("known"));
  for (const email of emails) {
    await serviceClient(backend).auth.admin.createUser({
      email,
      password: "known-pass-1",
      email_confirm: true,
    });
  }
  return emails;
}

/**
 * Alternates the two kinds of call so that both see the same host load, after 32 warm-up
 * pairs: the padding models the last 32 real runs, which must be past JIT warm-up for a
 * steady-state comparison. Returns both medians and the median of the paired differences.
 */
async function compare(
  runs: number,
  a: () => () => Promise<Timed>,
  b: () => () => Promise<Timed>,
  warmUp = 32,
) {
  for (let i = 0; i < warmUp; i++) {
    await a()();
    await b()();
  }
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < runs; i++) {
    const first = await a()();
    const second = await b()();
    expect([first.status, second.status]).toEqual([200, 200]);
    timesA.push(first.ms);
    timesB.push(second.ms);
  }
  const gap = median(timesA.map((ms, i) => ms - (timesB[i] ?? 0)));
  const result = { a: median(timesA), b: median(timesB), gap };
  return result;
}

const report = (label: string, { a, b, gap }: { a: number; b: number; gap: number }) =>
  console.info(
    `[enumeration] ${label}: medians ${a.toFixed(1)} / ${b.toFixed(1)} ms, paired gap ${gap.toFixed(1)} ms`,
  );

describe("sign-up", () => {
  it("does the same work for a new and an already confirmed address", TIMING, async () => {
    const [known = ""] = await confirmedUsers(cheapHash, 1);
    const password = "enum-pass-1";
    const result = await compare(
      RUNS,
      () => post(cheapHash, "/signup", { email: uniqueEmail("new"), password }),
      () => post(cheapHash, "/signup", { email: known, password }),
    );
    report("sign-up new / confirmed (bcrypt cost 4)", result);
    expect(Math.abs(result.gap)).toBeLessThan(allowedGap(result.a));
    expect(Math.abs(result.a - result.b)).toBeLessThan(allowedGap(result.a));
    const answer = await post(cheapHash, "/signup", { email: known, password })();
    expect(answer.json.identities).toEqual([]);
  });

  it("hashes the password for an existing address too", TIMING, async () => {
    const [known = ""] = await confirmedUsers(realHash, 1);
    const password = "enum-pass-1";
    const result = await compare(
      10,
      () => post(realHash, "/signup", { email: uniqueEmail("new"), password }),
      () => post(realHash, "/signup", { email: known, password }),
      2,
    );
    report("sign-up new / confirmed (bcrypt cost 10)", result);
    // Without the hash the confirmed address would answer in a few ms instead of ~100.
    expect(result.b).toBeGreaterThan(0.6 * result.a);
  });
});

describe("recover", () => {
  it("costs the same for an unknown and a known address", TIMING, async () => {
    const known = await confirmedUsers(cheapHash, RUNS + 33);
    const result = await compare(
      RUNS,
      () => post(cheapHash, "/recover", { email: uniqueEmail("unknown") }),
      () => post(cheapHash, "/recover", { email: known.pop() }),
    );
    report("recover unknown / known", result);
    expect(Math.abs(result.gap)).toBeLessThan(allowedGap(result.b));
    expect(Math.abs(result.a - result.b)).toBeLessThan(allowedGap(result.b));
  });
});
