import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldHeap, MB } from "../../test/support/held-heap";
import { type RawRequest, rawRequest, stalledPost } from "../../test/support/raw-http";
import { HookRateLimit } from "../hook-access.ts";
import { LINGER_MS } from "../linger.ts";
import { SECRET, startHookSite } from "./hook-lane-site.ts";

/**
 * Attacks on the webhook lane, each bounded in time and in the memory the server (this
 * process) holds: bodies far over 16 KB, bodies that stall, and floods of guessed secrets.
 */
const BODY_TIMEOUT_MS = 1_000;
let site: Awaited<ReturnType<typeof startHookSite>>;
beforeAll(async () => {
  site = await startHookSite({ bodyTimeoutMs: BODY_TIMEOUT_MS });
});
afterAll(() => site.stop());

const hookPath = `/hooks/example/${SECRET}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON post written by hand: `length` announced (or chunked), `sent` bytes of it written. */
function jsonPost(options: { length?: number; sent: number }): RawRequest {
  const { host } = new URL(site.url);
  const head = [
    `POST ${hookPath} HTTP/1.1`,
    `Host: ${host}`,
    "Content-Type: application/json",
    options.length === undefined
      ? "Transfer-Encoding: chunked"
      : `Content-Length: ${options.length}`,
    "",
    "",
  ].join("\r\n");
  const body = Buffer.alloc(options.sent, 32);
  // Chunked: one chunk of `sent` bytes, the stream left open.
  const framed =
    options.length === undefined
      ? Buffer.concat([Buffer.from(`${options.sent.toString(16)}\r\n`), body, Buffer.from("\r\n")])
      : body;
  return rawRequest(site.url, Buffer.concat([Buffer.from(head), framed]));
}

describe("bodies over 16 KB", () => {
  it("answers 40 announced 1 MB bodies 413 at once, holding none of them", async () => {
    const heap = heldHeap();
    const started = performance.now();
    // 512 KB of each already sent: buffered, they would hold 20 MB.
    const posts = Array.from({ length: 40 }, () => jsonPost({ length: MB, sent: 512 * 1024 }));
    const statuses = await Promise.all(posts.map((post) => post.status));
    const answeredMs = performance.now() - started;
    const held = heldHeap() - heap;
    console.log(
      `40 × 1 MB announced: ${statuses.filter((s) => s === 413).length} × 413 in ${answeredMs.toFixed(0)} ms, heap held +${(held / MB).toFixed(1)} MB`,
    );
    expect(statuses).toEqual(posts.map(() => 413));
    // Refused from the headers: 413, not the 408 a server waiting for the never-ending bodies
    // would give. The time is that of the test's own client writing 20 MB in this same
    // process (0.5–2 s), which a busy machine stretches.
    expect(answeredMs).toBeLessThan(5_000);
    expect(held).toBeLessThan(8 * MB);
    // The rest is never waited for: each connection closes after the lingering close.
    await Promise.all(posts.map((post) => post.closed));
    expect(performance.now() - started).toBeLessThan(LINGER_MS + 5_000);
    expect(site.budget.inUse).toBe(0);
  });

  it("stops a chunked body (no length) once it passes 16 KB", async () => {
    const heap = heldHeap();
    const started = performance.now();
    const posts = Array.from({ length: 40 }, () => jsonPost({ sent: 256 * 1024 }));
    const statuses = await Promise.all(posts.map((post) => post.status));
    expect(statuses).toEqual(posts.map(() => 413));
    expect(heldHeap() - heap).toBeLessThan(8 * MB);
    await Promise.all(posts.map((post) => post.closed));
    expect(performance.now() - started).toBeLessThan(LINGER_MS + 5_000);
    expect(site.budget.inUse).toBe(0);
  });
});

describe("bodies that stall (slowloris)", () => {
  it("answers 408 and closes 50 stalled deliveries within the body timeout and the linger", async () => {
    const started = performance.now();
    const posts = Array.from({ length: 50 }, () =>
      stalledPost(site.url, hookPath, { length: 2_000, sent: 10, contentType: "application/json" }),
    );
    const statuses = await Promise.all(posts.map((post) => post.status));
    const answeredMs = performance.now() - started;
    expect(statuses).toEqual(posts.map(() => 408));
    expect(answeredMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(answeredMs).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    await Promise.all(posts.map((post) => post.closed));
    expect(performance.now() - started).toBeLessThan(BODY_TIMEOUT_MS + LINGER_MS + 2_000);
    expect(site.received.length).toBe(0);
    expect(site.budget.inUse).toBe(0);
  });

  it("does not let a byte-a-while trickle extend the deadline", async () => {
    const started = performance.now();
    const post = stalledPost(site.url, hookPath, {
      length: 200,
      sent: 1,
      contentType: "application/json",
    });
    const trickle = setInterval(() => post.socket.write(" "), 100);
    try {
      expect(await post.status).toBe(408);
      expect(performance.now() - started).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
      await post.closed;
      expect(performance.now() - started).toBeLessThan(BODY_TIMEOUT_MS + LINGER_MS + 2_000);
    } finally {
      clearInterval(trickle);
    }
  });
});

describe("guessing secrets", () => {
  it("answers 2 000 guesses 404 quickly, storing nothing and holding nothing", async () => {
    const heap = heldHeap();
    const started = performance.now();
    const statuses = new Map<number, number>();
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          site.post(`/hooks/example/guess-${round}-${i}-${"x".repeat(32)}`, '{"id":"g"}'),
        ),
      );
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await answer.arrayBuffer();
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `2 000 guessed secrets: ${JSON.stringify(Object.fromEntries(statuses))} in ${seconds.toFixed(1)} s`,
    );
    expect(Object.fromEntries(statuses)).toEqual({ 404: 2_000 });
    expect(site.received.length).toBe(0);
    // A guess costs two SHA-256 of ~40 bytes and a comparison (microseconds): the time is
    // the test's own HTTP client, ~1–2 ms a request on a quiet machine.
    expect(seconds).toBeLessThan(20);
    await sleep(100);
    expect(heldHeap() - heap).toBeLessThan(8 * MB);
  });
});

describe("the per-address rate under ever-new forged addresses", () => {
  it("remembers 4 096 of them without keeping their 16 KB headers alive", () => {
    const heap = heldHeap();
    const limit = new HookRateLimit(1);
    const filler = "9".repeat(16 * 1024);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) limit.take(`${i}.${filler}`);
    expect(limit.size).toBe(4_096);
    // ~0.3 s on a quiet machine (a map lookup and a 64-character copy each).
    expect(performance.now() - started).toBeLessThan(5_000);
    // Held, the headers would be 4 096 × 16 KB = 64 MB; the keys are 64 characters each.
    expect(heldHeap() - heap).toBeLessThan(8 * MB);
  });
});
