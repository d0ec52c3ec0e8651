import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as messageRoute from "~/routes/admin/message";
import * as messagesRoute from "~/routes/admin/messages";
import * as overviewRoute from "~/routes/admin/overview";
import { asData, asResponse, settle } from "../support/answers";
import {
  adminUserId,
  serviceClient,
  signInCookie,
  startAppBackend,
  uniqueEmail,
} from "../support/backend";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

const message = routed(messageRoute);
const messages = routed(messagesRoute);
const overview = routed(overviewRoute);

let backend: TestBackend;
let admin: string;
let adminId: string;
const tag = `inbox-${Date.now()}`;

type Row = { id: number; name: string; email: string; status: string };

async function insertMessages(count: number, fields: Record<string, string> = {}) {
  const rows = Array.from({ length: count }, (_, i) => ({
    name: `Sender ${i}`,
    email: uniqueEmail(tag),
    message: `Message number ${i} about ${tag}.`,
    ...fields,
  }));
  const { data, error } = await serviceClient(backend)
    .from("contact_messages")
    .insert(rows)
    .select("id, name, email, status");
  if (error) throw new Error(error.message);
  return data as Row[];
}

async function list(query: string) {
  const { args } = routeArgs(`/admin/messages${query}`, { cookie: admin });
  const answer = await settle(() => messages.loader(args));
  return answer as Awaited<ReturnType<typeof messages.loader>>;
}

function messageArgs(id: number, init: RequestInit = {}, query = "") {
  return routeArgs(`/admin/messages/${id}${query}`, {
    ...init,
    cookie: admin,
    params: { id: String(id) },
  }).args as ReturnType<typeof routeArgs>["args"] & { params: { id: string } };
}

async function stored(id: number) {
  const { data } = await serviceClient(backend)
    .from("contact_messages")
    .select("status, handled_at, handled_by")
    .eq("id", id)
    .maybeSingle();
  return data;
}

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
  adminId = await adminUserId(backend);
});
afterAll(() => backend.close());

describe("inbox list", () => {
  it("pages 25 at a time, newest first, with the exact total", async () => {
    const rows = await insertMessages(30);
    const first = (await list(`?q=${tag}`)) as {
      list: { rows: Row[]; total: number; page: number };
    };
    expect(first.list.total).toBe(30);
    expect(first.list.rows).toHaveLength(25);
    expect(first.list.rows[0]?.id).toBe(rows.at(-1)?.id);
    const second = (await list(`?q=${tag}&page=2`)) as typeof first;
    expect(second.list.rows).toHaveLength(5);
    expect(second.list.rows.at(-1)?.id).toBe(rows[0]?.id);
    const past = asData(await list(`?q=${tag}&page=3`));
    expect(past.status).toBe(404);
  });

  it("filters by status and searches name, e-mail and message (wildcards literal)", async () => {
    const [row] = await insertMessages(1, { name: "Zawadi 100%_Unique" });
    const byName = (await list("?q=100%25_unique")) as { list: { rows: Row[]; total: number } };
    expect(byName.list.rows.map((r) => r.id)).toEqual([row?.id]);
    const byEmail = (await list(`?q=${encodeURIComponent(row!.email)}`)) as typeof byName;
    expect(byEmail.list.total).toBe(1);
    const wildcard = (await list("?q=%25")) as typeof byName;
    expect(wildcard.list.rows.map((r) => r.id)).toEqual([row?.id]);
    const hostile = (await list(`?q=${encodeURIComponent("a,b).or(id.gt.0")}`)) as typeof byName;
    expect(hostile.list.total).toBe(0);
    const handled = (await list(`?status=handled&q=${tag}`)) as typeof byName;
    expect(handled.list.total).toBe(0);
  });
});

describe("one message", () => {
  it("shows who, when and the text exactly as sent (no HTML interpreted)", async () => {
    const [row] = await insertMessages(1, {
      message: "<script>alert(1)</script>\nSecond line\n\n<b>bold?</b>",
    });
    const loaded = (await message.loader(messageArgs(row!.id))) as {
      message: Record<string, unknown>;
      confirmDelete: boolean;
    };
    expect(loaded.message).toMatchObject({
      name: row?.name,
      email: row?.email,
      status: "new",
      user_id: null,
      message: "<script>alert(1)</script>\nSecond line\n\n<b>bold?</b>",
    });
    expect(loaded.confirmDelete).toBe(false);
    expect((await message.loader(messageArgs(row!.id, {}, "?delete=1"))).confirmDelete).toBe(true);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0", "1e3"]) {
      const args = routeArgs(`/admin/messages/${id}`, { cookie: admin, params: { id } }).args;
      const answer = await settle(() => message.loader(args as never));
      expect((answer as { init?: { status?: number } }).init?.status, id).toBe(404);
    }
  });

  it("marks handled (who and when by the database), reopens, archives, then deletes", async () => {
    const [row] = await insertMessages(1);
    const id = row!.id;
    const act = (fields: Record<string, string>) =>
      settle(() => message.action(messageArgs(id, formPost(fields))));

    const handled = asResponse(await act({ intent: "status", status: "handled" }));
    expect(handled).toHaveRedirect(`/admin/messages/${id}`);
    await expect(handled).toSendToast({ type: "success", title: "Marked as handled" });
    expect(await stored(id)).toMatchObject({ status: "handled", handled_by: adminId });
    expect((await stored(id))?.handled_at).toBeTruthy();
    const fresh = (await list(`?status=new&q=${encodeURIComponent(row!.email)}`)) as {
      list: { total: number };
    };
    expect(fresh.list.total).toBe(0);

    asResponse(await act({ intent: "status", status: "new" }));
    expect(await stored(id)).toMatchObject({ status: "new", handled_at: null, handled_by: null });
    asResponse(await act({ intent: "status", status: "archived" }));
    expect((await stored(id))?.status).toBe("archived");

    expect(asData(await act({ intent: "status", status: "spam" })).status).toBe(400);
    expect(asData(await act({ intent: "explode" })).status).toBe(400);

    const deleted = asResponse(await act({ intent: "delete" }));
    expect(deleted).toHaveRedirect("/admin/messages");
    expect(await stored(id)).toBeNull();
    expect(asData(await act({ intent: "delete" })).status).toBe(404);

    const { data: audit } = await serviceClient(backend)
      .from("audit_log")
      .select("actor_id, actor_email, action, target_id")
      .eq("target_type", "contact_messages")
      .eq("target_id", String(id))
      .order("id");
    expect(audit?.map((a) => a.action)).toEqual([
      "message.handled",
      "message.reopened",
      "message.archived",
      "message.deleted",
    ]);
    expect(audit?.[0]).toMatchObject({ actor_id: adminId, actor_email: backend.admin.email });
  });
});

describe("overview", () => {
  it("counts new messages, subscribers and posts, and lists the five newest messages", async () => {
    const service = serviceClient(backend);
    await service.from("newsletter_subscribers").insert([
      {
        email: uniqueEmail("ov-confirmed"),
        status: "confirmed",
        confirmed_at: new Date().toISOString(),
      },
      { email: uniqueEmail("ov-pending"), status: "pending", confirmed_at: null },
    ]);
    const rows = await insertMessages(6);
    const { args } = routeArgs("/admin", { cookie: admin });
    const { overview: figures } = (await overview.loader(args)) as {
      overview: {
        newMessages: number;
        subscribers: number;
        subscribersThisMonth: number;
        published: number;
        drafts: number;
        latest: Row[];
      };
    };
    const { count: fresh } = await service
      .from("contact_messages")
      .select("id", { count: "exact", head: true })
      .eq("status", "new");
    expect(figures.newMessages).toBe(fresh);
    expect(figures.subscribers).toBe(1);
    expect(figures.subscribersThisMonth).toBe(1);
    expect(figures.published).toBe(8);
    expect(figures.latest.map((m) => m.id)).toEqual(
      rows
        .slice(1)
        .reverse()
        .map((m) => m.id),
    );
  });

  it("shows failed notifications and queues them again", async () => {
    const service = serviceClient(backend);
    const [row] = await insertMessages(1);
    await service
      .from("mail_outbox")
      .update({ status: "failed", attempts: 8, last_error: "SMTP said no" })
      .eq("ref_id", row!.id)
      .eq("kind", "contact_notification");
    const { args } = routeArgs("/admin", { cookie: admin });
    const loaded = (await overview.loader(args)) as {
      overview: { mailFailed: number; mailProblems: { last_error: string }[] };
    };
    expect(loaded.overview.mailFailed).toBe(1);
    expect(loaded.overview.mailProblems[0]?.last_error).toBe("SMTP said no");
    const retry = routeArgs("/admin", { ...formPost({ intent: "retry-mail" }), cookie: admin });
    const response = asResponse(await settle(() => overview.action(retry.args)));
    expect(response).toHaveRedirect("/admin");
    const { count } = await service
      .from("mail_outbox")
      .select("id", { count: "exact", head: true })
      .eq("status", "failed");
    expect(count).toBe(0);
  });
});
