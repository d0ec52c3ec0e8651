import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import * as jobsRoute from "~/routes/admin/jobs";
import { asData, asResponse, settle } from "../support/answers";
import { createUser, PASSWORD, serviceClient, signInCookie, withBackend } from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const jobsPage = routed(jobsRoute);

let backend: TestBackend;
withBackend((b) => {
  backend = b;
});

/** A job that failed on each of its attempts, as the runner leaves it. */
async function deadJob(error = "provider answered 503") {
  const service = serviceClient(backend);
  const { data, error: insertError } = await service
    .from("jobs")
    .insert({ kind: "payment.check", max_attempts: 1, payload: { invoice: 7 } })
    .select("id")
    .single();
  expect(insertError).toBeNull();
  const id = (data as { id: number }).id;
  const claimed = await service.rpc("claim_jobs", {
    p_worker: "w-test",
    p_kinds: ["payment.check"],
    p_max: 100,
    p_lease_seconds: 30,
  });
  expect(claimed.error).toBeNull();
  const failed = await service.rpc("fail_job", {
    p_id: id,
    p_worker: "w-test",
    p_error: error,
    p_retry_in_seconds: 30,
  });
  expect(failed.data).toBe("dead");
  return id;
}

const stateOf = async (id: number) =>
  (await serviceClient(backend).from("jobs").select("state, attempts").eq("id", id).single()).data;

describe("/admin/jobs", () => {
  it("shows the administrator each dead job with its error, and Retry queues it again once", async () => {
    const id = await deadJob("provider answered 503");
    const cookie = await signInCookie(backend.admin.email, backend.admin.password);
    const page = (await settle(() =>
      jobsPage.loader(routeArgs("/admin/jobs", { cookie }).args as never),
    )) as { dead: { jobs: { id: number; kind: string; last_error: string }[] } };
    expect(page.dead.jobs.find((job) => job.id === id)).toMatchObject({
      kind: "payment.check",
      last_error: "provider answered 503",
    });

    const retry = () =>
      settle(() =>
        jobsPage.action(
          routeArgs("/admin/jobs", {
            ...formPost({ intent: "retry-job", id: String(id) }),
            cookie,
          }).args as never,
        ),
      );
    const first = asResponse(await retry());
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/jobs");
    expect(await stateOf(id)).toEqual({ state: "queued", attempts: 0 });
    const { data: audit } = await serviceClient(backend)
      .from("audit_log")
      .select("action, target_id")
      .eq("action", "job.retry")
      .eq("target_id", String(id));
    expect(audit).toHaveLength(1);

    // Twice (another tab): the job is no longer dead, and the page says so.
    const second = asData(await retry());
    expect(second.status).toBe(409);
    expect(second.data.toast).toMatchObject({ type: "error" });
    expect(await stateOf(id)).toEqual({ state: "queued", attempts: 0 });
  });

  it("refuses a retry id that is not a number, without touching the queue", async () => {
    const cookie = await signInCookie(backend.admin.email, backend.admin.password);
    const answer = await settle(() =>
      jobsPage.action(
        routeArgs("/admin/jobs", { ...formPost({ intent: "retry-job", id: "1 or 1=1" }), cookie })
          .args as never,
      ),
    );
    expect(asData(answer).status).toBe(400);
  });

  it("keeps jobs out of clients' reach: no read, no write, no claim, no retry", async () => {
    const id = await deadJob();
    const user = await createUser(backend);
    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    await client.auth.signInWithPassword({ email: user.email, password: PASSWORD });
    const anon = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    for (const who of [client, anon]) {
      expect((await who.from("jobs").select("id")).data ?? []).toEqual([]);
      expect((await who.from("jobs").insert({ kind: "mail.flush" })).error).not.toBeNull();
      const claim = await who.rpc("claim_jobs", {
        p_worker: "thief",
        p_kinds: ["payment.check"],
        p_max: 10,
        p_lease_seconds: 30,
      });
      expect(claim.error).not.toBeNull();
      expect((await who.rpc("retry_job", { p_id: id })).error).not.toBeNull();
    }
    expect(await stateOf(id)).toEqual({ state: "dead", attempts: 1 });
  });
});
