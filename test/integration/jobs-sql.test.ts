import { describe, expect, it } from "vitest";
import { jobHandlers } from "~/domain/jobs/jobs.server";
import { createJobRunner } from "~/domain/jobs/runner";
import { databaseJobStore } from "~/domain/jobs/store";
import type { TestBackend } from "../support/backend";
import { serviceClient, uniqueEmail, withBackend } from "../support/backend";

let backend: TestBackend;
withBackend((b) => {
  backend = b;
});

const storeOf = () => databaseJobStore(serviceClient(backend));
const rowOf = async (id: number) =>
  (
    await serviceClient(backend)
      .from("jobs")
      .select("state, attempts, run_at, last_error, locked_by")
      .eq("id", id)
      .single()
  ).data;
const kind = () => `t.k${Math.random().toString(36).slice(2, 10)}`;

describe("the queue's SQL functions", () => {
  it("gives one job once for its idempotency key", async () => {
    const store = storeOf();
    const k = kind();
    const first = await store.enqueue(k, { key: "invoice-7" });
    expect(await store.enqueue(k, { key: "invoice-7", payload: { other: true } })).toBe(first);
    expect(await store.enqueue(k, { key: "invoice-8" })).not.toBe(first);
    expect(await store.enqueue(k)).not.toBe(await store.enqueue(k));
  });

  it("claims a job for one worker only, and lets only its holder end it", async () => {
    const store = storeOf();
    const k = kind();
    const id = await store.enqueue(k);
    const [a, b] = await Promise.all([
      store.claim("a", [k], 10, 30),
      store.claim("b", [k], 10, 30),
    ]);
    expect([...(a ?? []), ...(b ?? [])].map((job) => job.id)).toEqual([id]);
    const holder = a?.length ? "a" : "b";
    const other = holder === "a" ? "b" : "a";
    expect(await store.complete(other, [id])).toEqual([]);
    expect(await store.fail(other, id, "not mine", 1)).toBeNull();
    expect(await store.complete(holder, [id])).toEqual([id]);
    expect(await rowOf(id)).toMatchObject({ state: "done", attempts: 1, locked_by: null });
  });

  it("waits for run_at, retries after the delay asked for, and dead-letters after the last attempt", async () => {
    const store = storeOf();
    const k = kind();
    const later = await store.enqueue(k, { runAt: new Date(Date.now() + 60_000) });
    const id = await store.enqueue(k, { maxAttempts: 2 });
    expect((await store.claim("w", [k], 10, 30)).map((job) => job.id)).toEqual([id]);
    const before = Date.now();
    expect(await store.fail("w", id, "provider down", 120)).toBe("queued");
    const row = await rowOf(id);
    const wait = new Date(row?.run_at ?? 0).getTime() - before;
    expect(wait).toBeGreaterThan(110_000);
    expect(wait).toBeLessThan(130_000);
    expect(await store.claim("w", [k], 10, 30)).toEqual([]);
    await serviceClient(backend)
      .from("jobs")
      .update({ run_at: new Date().toISOString() })
      .eq("id", id);
    expect((await store.claim("w", [k], 10, 30)).map((job) => job.attempts)).toEqual([2]);
    expect(await store.fail("w", id, "still down", 1)).toBe("dead");
    expect(await rowOf(id)).toMatchObject({ state: "dead", attempts: 2, last_error: "still down" });
    expect(await rowOf(later)).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("takes back an expired lease, and buries a job whose lease expired on its last attempt", async () => {
    const store = storeOf();
    const k = kind();
    const id = await store.enqueue(k, { maxAttempts: 2 });
    await store.claim("crashed", [k], 10, 1);
    expect(await store.claim("alive", [k], 10, 30)).toEqual([]);
    await new Promise((done) => setTimeout(done, 1_100));
    expect((await store.claim("alive", [k], 10, 1)).map((job) => job.id)).toEqual([id]);
    // The crashed worker's late completion changes nothing.
    expect(await store.complete("crashed", [id])).toEqual([]);
    await new Promise((done) => setTimeout(done, 1_100));
    expect(await store.claim("third", [k], 10, 30)).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ state: "dead", attempts: 2 });
    expect((await rowOf(id))?.last_error).toMatch(/lease expired on attempt 2/);
  });
});

describe("mail through the queue", () => {
  it("sends a due outbox row from the recurring mail.flush job, which comes back in 30 s", async () => {
    const service = serviceClient(backend);
    await service
      .from("contact_messages")
      .insert({ name: "Queue", email: uniqueEmail("queue"), message: "Sent by the flush job." });
    const { data: pending } = await service
      .from("mail_outbox")
      .select("id")
      .eq("status", "pending");
    expect(pending?.length).toBeGreaterThan(0);
    const store = storeOf();
    const id = await store.enqueue("mail.flush", { key: "recurring", maxAttempts: 100 });
    const runner = createJobRunner({ store, worker: "test", handlers: jobHandlers });
    const before = Date.now();
    expect(await runner.runOnce()).toEqual({ claimed: 1, done: 1, failed: 0 });
    const { data: sent } = await service
      .from("mail_outbox")
      .select("status")
      .in(
        "id",
        (pending ?? []).map((row) => row.id),
      );
    expect(sent?.every((row) => row.status === "sent")).toBe(true);
    const job = await rowOf(id);
    expect(job).toMatchObject({ state: "queued", attempts: 0 });
    const next = new Date(job?.run_at ?? 0).getTime() - before;
    expect(next).toBeGreaterThanOrEqual(29_000);
    expect(next).toBeLessThan(40_000);
    expect(await runner.runOnce()).toEqual({ claimed: 0, done: 0, failed: 0 });
  });
});
