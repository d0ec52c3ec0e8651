/**
 * `npm run demo:client` (scripts/demo-client.ts): a demo client with an owner who can sign in,
 * a project with milestones, an update and a deliverable waiting for a decision, on the embedded backend — run again, it replaces
 * the earlier demo; with SUPABASE_URL set it refuses and writes nothing.
 */
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_CLIENT, DEMO_EMAIL, main, seedDemoClient } from "../../scripts/demo-client.ts";
import { serviceClient, startAppBackend } from "../support/backend";

let backend: Awaited<ReturnType<typeof startAppBackend>>;

beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend.close());

describe("demo:client", () => {
  it("seeds a client whose owner signs in and follows a project; a second run replaces it", async () => {
    const target = { url: backend.url, serviceRoleKey: backend.serviceRoleKey };
    await seedDemoClient(target);
    const seeded = await seedDemoClient(target);
    const { data: clients } = await serviceClient(backend)
      .from("organisations")
      .select("id")
      .eq("name", DEMO_CLIENT);
    expect(clients).toEqual([{ id: seeded.organisationId }]);

    const owner = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
    const signedIn = await owner.auth.signInWithPassword({
      email: DEMO_EMAIL,
      password: seeded.password,
    });
    expect(signedIn.error).toBeNull();
    const { data: milestones } = await owner
      .from("project_milestones")
      .select("title, status")
      .eq("project_id", seeded.projectId)
      .order("position");
    expect(milestones?.map((m) => m.status)).toEqual(["done", "in_progress", "upcoming"]);
    expect((await owner.from("project_updates").select("body")).data).toHaveLength(1);
    expect((await owner.from("project_notes").select("body")).data).toEqual([]);
    // A deliverable waits for the owner's decision, its file theirs to open.
    const { data: versions } = await owner
      .from("deliverable_versions")
      .select("number, status, file_path");
    expect(versions).toEqual([expect.objectContaining({ number: 1, status: "ready_for_review" })]);
    const file = await owner.storage
      .from("client-files")
      .download(versions?.[0]?.file_path as string);
    expect(await file.data?.text()).toContain("home page, version 1");
    // A short thread: the owner's question and the agency's answer, each side as the database says.
    const { data: thread } = await owner
      .from("project_messages")
      .select("author_side, body")
      .eq("project_id", seeded.projectId)
      .order("id");
    expect(thread?.map((message) => message.author_side)).toEqual(["client", "agency"]);
  });

  it("refuses a hosted database", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const code = await main({
      SUPABASE_URL: "https://example.supabase.co",
      SUPABASE_SERVICE_ROLE_KEY: "x",
    });
    expect(code).toBe(1);
    expect(error.mock.calls.flat().join(" ")).toContain("embedded backend only");
  });
});
