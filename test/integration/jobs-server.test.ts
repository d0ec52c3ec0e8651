import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECURRING } from "~/domain/jobs/jobs.server";
import { startTestSite, type TestSite } from "../support/site";

/**
 * The production server runs the jobs runner in each worker from start-up, without waiting for a
 * first request: each recurring job (mail.flush, the billing reminders, the sweep of upload
 * places) is queued once, whatever the number of workers, and mail.flush sends the mail the
 * outbox holds; SIGTERM still ends every worker cleanly (the runner stops too).
 */
describe("the jobs runner in the server", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ env: { WEB_CONCURRENCY: "2" } });
  }, 60_000);
  afterAll(async () => site?.stop());

  const until = async <T>(read: () => Promise<T | undefined>, ms: number): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`not within ${ms} ms\n${site.stderr()}`);
      await new Promise((wait) => setTimeout(wait, 100));
    }
  };

  it("sends outbox mail through the one mail.flush job, with no request made", async () => {
    const flush = await until(async () => {
      const { data } = await site.service
        .from("jobs")
        .select("id, state, run_at, created_at")
        .eq("kind", "mail.flush");
      const ran = data?.find((job) => job.state === "queued" && job.run_at > job.created_at);
      return ran ? data : undefined;
    }, 15_000);
    // Two workers, one job: the idempotency key kept the second enqueue from making another.
    expect(flush).toHaveLength(1);
    // Every recurring kind was accepted by the queue (a kind the table refuses was once only
    // a warning in the log, and its job never ran).
    const { data: recurring } = await site.service
      .from("jobs")
      .select("kind")
      .in(
        "kind",
        RECURRING.map((job) => job.kind),
      );
    expect(recurring?.map((job) => job.kind).sort()).toEqual(
      RECURRING.map((job) => job.kind).sort(),
    );

    await site.service
      .from("contact_messages")
      .insert({ name: "Queued", email: "queued@example.com", message: "Through the jobs runner." });
    // The flush comes back every 30 s; bring it forward instead of waiting (the runners poll
    // every 5 s).
    await site.service
      .from("jobs")
      .update({ run_at: new Date().toISOString() })
      .eq("kind", "mail.flush");
    const sent = await until(async () => {
      const { data } = await site.service
        .from("mail_outbox")
        .select("status")
        .eq("kind", "contact_notification");
      return data?.length && data.every((row) => row.status === "sent") ? data : undefined;
    }, 15_000);
    expect(sent.length).toBeGreaterThan(0);
  }, 45_000);
});
