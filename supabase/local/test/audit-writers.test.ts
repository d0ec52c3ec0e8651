/**
 * The audit log is written only by the functions that make the audited change (triggers on
 * posts, contact messages, subscribers and media; admin_set_admin), never by a direct call of
 * public.append_audit — not even with the service-role key, which would otherwise let anyone
 * holding it add forged rows ("admin.granted" by a real admin, say).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, signedInClient } from "./helpers.ts";

let backend: TestBackend;
let service: SupabaseClient;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
});
afterAll(() => backend?.close());

const FORGED = {
  p_action: "admin.granted",
  p_target_type: "users",
  p_target_id: "00000000-0000-0000-0000-000000000000",
  p_summary: "forged entry",
};

async function auditRows(): Promise<{ action: string; summary: string; actor_id: string }[]> {
  const { data, error } = await service
    .from("audit_log")
    .select("action, summary, actor_id")
    .order("id", { ascending: true });
  if (error) throw new Error(error.message);
  return data;
}

describe("append_audit", () => {
  it("refuses a direct call with the service-role key, and no row appears", async () => {
    const before = await auditRows();
    const forged = await service.rpc("append_audit", FORGED);
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: "42501",
      message: "permission denied for function append_audit",
    });
    expect(await auditRows()).toEqual(before);
  });

  it("refuses visitors and signed-in users (admins included)", async () => {
    const before = await auditRows();
    expect((await anonClient(backend).rpc("append_audit", FORGED)).error?.code).toBe("42501");
    const { client: admin } = await signedInClient(backend, { appMetadata: { is_admin: true } });
    const byAdmin = await admin.rpc("append_audit", FORGED);
    expect(byAdmin.error?.code).toBe("42501");
    expect(await auditRows()).toEqual(before);
  });
});

describe("audited changes", () => {
  it("still write their rows: a published post, a media upload, an admin grant", async () => {
    const { client: admin, userId: adminId } = await signedInClient(backend, {
      appMetadata: { is_admin: true },
    });
    const { userId: newcomer, email } = await signedInClient(backend);
    const before = (await auditRows()).length;

    const post = await admin
      .from("posts")
      .insert({ title: "Audited post", published: true })
      .select("id")
      .single();
    expect(post.error).toBeNull();
    const media = await admin
      .from("media")
      .insert({ hash: "ab".repeat(16), width: 10, height: 10, bytes: 100, created_by: adminId });
    expect(media.error).toBeNull();
    const granted = await admin.rpc("admin_set_admin", { p_user_id: newcomer, p_is_admin: true });
    expect(granted.data).toBe(true);

    const written = (await auditRows()).slice(before);
    expect(written).toEqual([
      { action: "post.published", summary: "Audited post", actor_id: adminId },
      { action: "media.uploaded", summary: "ab".repeat(16), actor_id: adminId },
      { action: "admin.granted", summary: email, actor_id: adminId },
    ]);
  });
});
