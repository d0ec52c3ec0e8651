import type { TestBackend } from "@jenga/supabase-local/testing";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as activityRoute from "~/routes/admin/activity";
import * as analyticsRoute from "~/routes/admin/analytics";
import * as analyticsCsvRoute from "~/routes/admin/analytics-csv";
import * as jobsRoute from "~/routes/admin/jobs";
import * as messageRoute from "~/routes/admin/message";
import * as messagesRoute from "~/routes/admin/messages";
import * as overviewRoute from "~/routes/admin/overview";
import * as peopleRoute from "~/routes/admin/people";
import * as subscribersRoute from "~/routes/admin/subscribers";
import * as csvRoute from "~/routes/admin/subscribers-csv";
import { asResponse, settle, toastOf } from "../support/answers";
import {
  createUser,
  serviceClient,
  signInCookie,
  startAppBackend,
  uniqueEmail,
} from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const activity = routed(activityRoute);
const analytics = routed(analyticsRoute);
const analyticsCsv = routed(analyticsCsvRoute);
const message = routed(messageRoute);
const messages = routed(messagesRoute);
const overview = routed(overviewRoute);
const people = routed(peopleRoute);
const subscribers = routed(subscribersRoute);
const csv = routed(csvRoute);
const jobs = routed(jobsRoute);

let backend: TestBackend;
let messageId: number;
let subscriberId: number;
const someone = "00000000-0000-4000-8000-000000000001";

beforeAll(async () => {
  backend = await startAppBackend();
  const service = serviceClient(backend);
  const { data: row } = await service
    .from("contact_messages")
    .insert({ name: "Private", email: uniqueEmail("private"), message: "Secret plans for 2027." })
    .select("id")
    .single();
  messageId = (row as { id: number }).id;
  const { data: sub } = await service
    .from("newsletter_subscribers")
    .insert({ email: uniqueEmail("sub"), status: "confirmed" })
    .select("id")
    .single();
  subscriberId = (sub as { id: number }).id;
});
afterAll(() => backend.close());

/** Every new admin loader and action, called as the router would. */
function entryPoints(cookie?: string) {
  const at = (path: string, init: RequestInit = {}, params: Record<string, string> = {}) =>
    routeArgs(path, { ...init, cookie, params }).args as never;
  const id = String(messageId);
  return [
    ["GET /admin", "/admin", () => overview.loader(at("/admin"))],
    [
      "POST /admin",
      "/admin",
      () => overview.action(at("/admin", formPost({ intent: "retry-mail" }))),
    ],
    [
      "GET /admin/messages",
      "/admin/messages?status=new",
      () => messages.loader(at("/admin/messages?status=new")),
    ],
    [
      `GET /admin/messages/${id}`,
      `/admin/messages/${id}`,
      () => message.loader(at(`/admin/messages/${id}`, {}, { id })),
    ],
    [
      `POST /admin/messages/${id} (status)`,
      `/admin/messages/${id}`,
      () =>
        message.action(
          at(`/admin/messages/${id}`, formPost({ intent: "status", status: "archived" }), { id }),
        ),
    ],
    [
      `POST /admin/messages/${id} (delete)`,
      `/admin/messages/${id}`,
      () => message.action(at(`/admin/messages/${id}`, formPost({ intent: "delete" }), { id })),
    ],
    [
      "GET /admin/subscribers",
      "/admin/subscribers",
      () => subscribers.loader(at("/admin/subscribers")),
    ],
    [
      "POST /admin/subscribers",
      "/admin/subscribers",
      () =>
        subscribers.action(
          at("/admin/subscribers", formPost({ intent: "remove", id: String(subscriberId) })),
        ),
    ],
    [
      "GET /admin/subscribers.csv",
      "/admin/subscribers.csv",
      () => csv.loader(at("/admin/subscribers.csv")),
    ],
    ["GET /admin/people", "/admin/people", () => people.loader(at("/admin/people"))],
    [
      "POST /admin/people",
      "/admin/people",
      () => people.action(at("/admin/people", formPost({ intent: "grant", user: someone }))),
    ],
    ["GET /admin/activity", "/admin/activity", () => activity.loader(at("/admin/activity"))],
    ["GET /admin/jobs", "/admin/jobs", () => jobs.loader(at("/admin/jobs"))],
    [
      "POST /admin/jobs",
      "/admin/jobs",
      () => jobs.action(at("/admin/jobs", formPost({ intent: "retry-job", id: "1" }))),
    ],
    [
      "GET /admin/analytics",
      "/admin/analytics?period=30d",
      () => analytics.loader(at("/admin/analytics?period=30d")),
    ],
    [
      "GET /admin/analytics.csv",
      "/admin/analytics.csv?table=pages",
      () => analyticsCsv.loader(at("/admin/analytics.csv?table=pages")),
    ],
  ] as const;
}

async function nothingChanged() {
  const service = serviceClient(backend);
  const { data: row } = await service
    .from("contact_messages")
    .select("status")
    .eq("id", messageId)
    .single();
  expect(row?.status).toBe("new");
  const { count } = await service
    .from("newsletter_subscribers")
    .select("id", { count: "exact", head: true })
    .eq("id", subscriberId);
  expect(count).toBe(1);
}

describe("admin guard on every new loader and action", () => {
  it("sends anonymous visitors to the login page, coming back afterwards", async () => {
    for (const [name, path, run] of entryPoints()) {
      const response = asResponse(await settle(run));
      expect(response.status, name).toBe(302);
      expect(response.headers.get("Location"), name).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    await nothingChanged();
  });

  it("sends signed-in users without admin rights home with an info toast", async () => {
    const user = await createUser(backend, { metadata: { is_admin: true, onboarded: true } });
    const cookie = await signInCookie(user.email, user.password);
    for (const [name, , run] of entryPoints(cookie)) {
      const response = asResponse(await settle(run));
      expect(response.headers.get("Location"), name).toBe("/");
      expect(await toastOf(response), name).toMatchObject({ type: "info" });
    }
    await nothingChanged();
  });
});

describe("row level security (REST with a user's own token, no app in between)", () => {
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const anon = () => createClient(backend.url, backend.anonKey, options);

  async function signedIn(user: { email: string; password: string }): Promise<SupabaseClient> {
    const client = anon();
    const { error } = await client.auth.signInWithPassword(user);
    expect(error).toBeNull();
    return client;
  }

  it("lets a non-admin read only their own messages and change none", async () => {
    const user = await createUser(backend);
    const client = await signedIn(user);
    const own = await client
      .from("contact_messages")
      .insert({ name: "Me", email: user.email, message: "My own message here.", user_id: user.id });
    expect(own.error).toBeNull();
    const { data: visible } = await client.from("contact_messages").select("id, email");
    expect(visible?.map((m) => m.email)).toEqual([user.email]);
    const update = await client
      .from("contact_messages")
      .update({ status: "handled" })
      .eq("id", messageId)
      .select();
    expect(update.data ?? []).toEqual([]);
    const ownUpdate = await client
      .from("contact_messages")
      .update({ status: "handled" })
      .eq("email", user.email)
      .select();
    expect(ownUpdate.data ?? []).toEqual([]);
    const del = await client.from("contact_messages").delete().eq("id", messageId).select();
    expect(del.data ?? []).toEqual([]);
    const forged = await client.from("contact_messages").insert({
      name: "Me",
      email: user.email,
      message: "Pretending to be handled.",
      status: "handled",
    });
    expect(forged.error?.code).toBe("42501");
    for (const table of ["newsletter_subscribers", "mail_outbox", "audit_log", "jobs"] as const) {
      const read = await client.from(table).select("id");
      expect(read.data ?? [], table).toEqual([]);
    }
    const remove = await client
      .from("newsletter_subscribers")
      .delete()
      .eq("id", subscriberId)
      .select();
    expect(remove.data ?? []).toEqual([]);
    const forgedAudit = await client.from("audit_log").insert({ action: "x", target_type: "y" });
    expect(forgedAudit.error?.code).toBe("42501");
    const outbox = await client
      .from("mail_outbox")
      .insert({ kind: "contact_notification", ref_id: 1 });
    expect(outbox.error?.code).toBe("42501");
    await nothingChanged();
  });

  it("gives anonymous callers nothing to read", async () => {
    for (const table of [
      "contact_messages",
      "newsletter_subscribers",
      "mail_outbox",
      "audit_log",
    ] as const) {
      const read = await anon().from(table).select("id");
      expect(read.error?.code, table).toBe("42501");
    }
  });

  it("lets an admin read and change them, but nobody — service role included — alter the audit log", async () => {
    const client = await signedIn(backend.admin);
    const { data } = await client.from("contact_messages").select("id").eq("id", messageId);
    expect(data).toHaveLength(1);
    const archived = await client
      .from("contact_messages")
      .update({ status: "archived" })
      .eq("id", messageId)
      .select("id");
    expect(archived.data).toHaveLength(1);
    const { data: audit } = await client
      .from("audit_log")
      .select("id, action")
      .order("id", { ascending: false })
      .limit(1);
    expect(audit?.[0]?.action).toBe("message.archived");
    const auditId = audit![0]!.id;
    const edit = await client
      .from("audit_log")
      .update({ action: "nothing" })
      .eq("id", auditId)
      .select();
    expect(edit.error?.code).toBe("42501");
    const wipe = await client.from("audit_log").delete().eq("id", auditId).select();
    expect(wipe.error?.code).toBe("42501");
    const service = serviceClient(backend);
    const serviceEdit = await service
      .from("audit_log")
      .update({ action: "nothing" })
      .eq("id", auditId);
    expect(serviceEdit.error?.code).toBe("42501");
    const serviceWipe = await service.from("audit_log").delete().eq("id", auditId);
    expect(serviceWipe.error?.code).toBe("42501");
    const { data: kept } = await service
      .from("audit_log")
      .select("action")
      .eq("id", auditId)
      .single();
    expect(kept?.action).toBe("message.archived");
    await service.from("contact_messages").update({ status: "new" }).eq("id", messageId);
  });
});
