/** Verification guessing: 429 per client address long before a code or link could be found. */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "../rate-limit.ts";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { heldHeap } from "../testing-heap.ts";
import { anonClient, clientFrom, confirmationFromMail, sleep, uniqueEmail } from "./helpers.ts";

const HEADER = "X-Forwarded-For";
let hosted: TestBackend;
let tiny: TestBackend;
let unlimited: TestBackend;

beforeAll(async () => {
  [hosted, tiny, unlimited] = await Promise.all([
    startTestBackend({ rateLimitHeader: HEADER, mailCodes: true }),
    startTestBackend({
      rateLimitHeader: HEADER,
      mailCodes: true,
      security: { verifyRateLimit: { max: 3, windowSeconds: 0.6 } },
    }),
    startTestBackend({ rateLimits: false, mailCodes: true }),
  ]);
});
afterAll(() => Promise.all([hosted?.close(), tiny?.close(), unlimited?.close()]));

async function pendingSignUp(backend: TestBackend, label: string) {
  const email = uniqueEmail(label);
  await anonClient(backend).auth.signUp({ email, password: "guess-pass-1" });
  const { mail, tokenHash } = await confirmationFromMail(backend, email);
  return { email, tokenHash, otp: /enter this code: (\d{6})/.exec(mail.text)?.[1] ?? "" };
}

const randomLink = () => randomBytes(32).toString("hex");

describe("hosted limit: 30 verifications per 5 minutes per client", () => {
  it("stops a scripted guessing run at attempt 31; the real link still works elsewhere", async () => {
    const linkVictim = await pendingSignUp(hosted, "link-victim");
    const codeVictim = await pendingSignUp(hosted, "code-victim");
    const attacker = clientFrom(hosted, "203.0.113.7");
    const heapBefore = heldHeap();
    const started = performance.now();
    const answers: (number | undefined)[] = [];
    let firstLimited = -1;
    for (let attempt = 1; attempt <= 200; attempt++) {
      const guess = String(attempt).padStart(6, "0");
      const result =
        attempt % 2
          ? await attacker.auth.verifyOtp({ token_hash: randomLink(), type: "signup" })
          : await attacker.auth.verifyOtp({ email: codeVictim.email, token: guess, type: "email" });
      answers.push(result.error?.status);
      if (result.error?.status === 429 && firstLimited < 0) {
        firstLimited = attempt;
        expect(result.error.code).toBe("over_request_rate_limit");
        expect(result.error.message).toBe("Request rate limit reached");
      }
    }
    const elapsed = performance.now() - started;
    console.info(
      `[verify-rate-limit] first 429 at attempt ${firstLimited}, 200 in ${elapsed.toFixed(0)} ms`,
    );
    expect(firstLimited).toBe(31);
    expect(answers.slice(0, 30).every((status) => status === 403)).toBe(true);
    expect(answers.slice(30).every((status) => status === 429)).toBe(true);
    expect(elapsed).toBeLessThan(15_000);
    expect(heldHeap() - heapBefore).toBeLessThan(64 * 1024 * 1024);

    // From another address the real link works; the link guesses never touched it.
    const victim = clientFrom(hosted, "198.51.100.20");
    const confirmed = await victim.auth.verifyOtp({
      token_hash: linkVictim.tokenHash,
      type: "signup",
    });
    expect(confirmed.error).toBeNull();
    // The code victim's address saw 15 wrong codes: its code was revoked at the 10th.
    const revoked = await victim.auth.verifyOtp({
      email: codeVictim.email,
      token: codeVictim.otp,
      type: "email",
    });
    expect(revoked.error?.code).toBe("otp_expired");
  });
});

describe("window, GET /verify, fallback address, switch", () => {
  it("limits GET /verify with the same bucket and refills after the window", async () => {
    const ip = "203.0.113.50";
    const attacker = clientFrom(tiny, ip);
    for (let i = 0; i < 3; i++) {
      const result = await attacker.auth.verifyOtp({ token_hash: randomLink(), type: "signup" });
      expect(result.error?.status).toBe(403);
    }
    const linkUrl = `${tiny.url}/auth/v1/verify?type=signup&token=${randomLink()}`;
    const limited = await fetch(linkUrl, { redirect: "manual", headers: { [HEADER]: ip } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "over_request_rate_limit" });
    const elsewhere = await fetch(linkUrl, {
      redirect: "manual",
      headers: { [HEADER]: "10.9.8.7" },
    });
    expect(elsewhere.status).toBe(303);

    await sleep(700);
    const { tokenHash } = await pendingSignUp(tiny, "after-window");
    const later = await attacker.auth.verifyOtp({ token_hash: tokenHash, type: "signup" });
    expect(later.error).toBeNull();
  });

  it("limits by socket address when the trusted header is missing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await anonClient(tiny).auth.verifyOtp({
        token_hash: randomLink(),
        type: "signup",
      });
      statuses.push(result.error?.status ?? 200);
    }
    expect(statuses).toEqual([403, 403, 403, 429, 429]);
  });

  it("does not limit when rate limits are off", async () => {
    for (let i = 0; i < 40; i++) {
      const result = await anonClient(unlimited).auth.verifyOtp({
        token_hash: randomLink(),
        type: "signup",
      });
      expect(result.error?.status).toBe(403);
    }
  });
});

describe("limiter memory", () => {
  it("tracks at most 10 000 client addresses however many it sees", () => {
    const limiter = createRateLimiter({ max: 30, windowSeconds: 300 });
    const heapBefore = heldHeap();
    const started = performance.now();
    // A million addresses take ~190 MB in an unbounded map; the heap (garbage of the key
    // strings included, RSS is too noisy for that) must stay far below.
    for (let i = 0; i < 1_000_000; i++) limiter.take(`198.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(10_000);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(heldHeap() - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
