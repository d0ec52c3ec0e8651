/**
 * A demo client to look around the portal with, on the embedded backend only:
 *
 *   npm run demo:client
 *
 * Creates (or finds again) the client "Savanna Coffee (demo)", its owner's account
 * demo-client@example.com (confirmed, onboarded; a new password each run, printed), and a
 * project with three milestones (one done, one in progress), an update for the client, an
 * internal note, a deliverable whose first version waits for the owner's decision and a short
 * message thread (the owner's question, an administrator's answer). Sign in as the owner to see `/dashboard` → the client → the project; sign in as
 * an admin to see `/admin/clients`.
 *
 * Refuses when SUPABASE_URL is set: a demo never lands in a real (hosted) database by accident.
 */
import { randomBytes } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { type AdminApiTarget, withServiceRole } from "./lib/service-role-target.ts";

export const DEMO_CLIENT = "Savanna Coffee (demo)";
export const DEMO_EMAIL = "demo-client@example.com";

type Env = Record<string, string | undefined>;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ensureOwner(client: SupabaseClient, password: string): Promise<string> {
  const { data, error } = await client.auth.admin.listUsers({ page: 1, perPage: 1000 });
  if (error) throw new Error(`Could not list users: ${error.message}`);
  const found = data.users.find((user) => user.email === DEMO_EMAIL);
  if (found) {
    const updated = await client.auth.admin.updateUserById(found.id, { password });
    if (updated.error) throw new Error(updated.error.message);
    return found.id;
  }
  const created = await client.auth.admin.createUser({
    email: DEMO_EMAIL,
    password,
    email_confirm: true,
    user_metadata: { full_name: "Achieng Odhiambo", onboarded: true },
  });
  if (created.error) throw new Error(created.error.message);
  return created.data.user.id;
}

type Answer = PromiseLike<{ data: unknown; error: { message: string } | null }>;

/** The query's answer, or its error thrown. */
async function must(query: Answer): Promise<unknown> {
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data;
}

/** The id of the row a query inserted. */
async function idOf(query: Answer): Promise<string> {
  const row = (await must(query)) as { id: string | number } | null;
  if (!row) throw new Error("nothing was inserted");
  return String(row.id);
}

/** Seeds the demo client (again: an earlier demo client is replaced); its ids and password. */
export async function seedDemoClient(target: AdminApiTarget) {
  const client = createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const password = `demo-${randomBytes(6).toString("hex")}`;
  const ownerId = await ensureOwner(client, password);
  await must(client.from("organisations").delete().eq("name", DEMO_CLIENT).select("id"));
  const organisationId = await idOf(
    client.from("organisations").insert({ name: DEMO_CLIENT }).select("id").single(),
  );
  await must(
    client
      .from("organisation_members")
      .insert({ organisation_id: organisationId, user_id: ownerId, role: "owner" }),
  );
  const projectId = await idOf(
    client
      .from("projects")
      .insert({
        organisation_id: organisationId,
        title: "Online shop for the roastery",
        service: "web-development",
        status: "active",
        stage: 1,
        starts_on: day(-14),
        due_on: day(60),
      })
      .select("id")
      .single(),
  );
  const milestones = [
    { title: "Brief agreed", status: "done", due_on: day(-7), position: 0 },
    { title: "Designs approved", status: "in_progress", due_on: day(10), position: 1 },
    { title: "Shop live", status: "upcoming", due_on: day(55), position: 2 },
  ].map((row) => ({ ...row, project_id: projectId, organisation_id: organisationId }));
  await must(client.from("project_milestones").insert(milestones));
  const post = (table: "project_updates" | "project_notes", body: string) =>
    must(
      client.from(table).insert({ project_id: projectId, organisation_id: organisationId, body }),
    );
  await post("project_updates", "Welcome! The first designs of the shop are on their way.");
  await post("project_notes", "Demo: internal notes like this one never reach the client.");
  await deliverableWaiting(client, organisationId, projectId);
  await demoThread(client, projectId, ownerId);
  return { organisationId, projectId, ownerId, password };
}

/**
 * A short thread: the owner asks, an administrator of the site (the first one, when there is
 * one) answers. The database sets each author's name and side from the account named.
 */
async function demoThread(client: SupabaseClient, projectId: string, ownerId: string) {
  const { data } = await client.auth.admin.listUsers({ page: 1, perPage: 1000 });
  const admin = data?.users.find((user) => user.app_metadata?.is_admin === true);
  const messages = [
    { author_id: ownerId, body: "Hello! Could the shop show our three coffee blends first?" },
    ...(admin
      ? [
          {
            author_id: admin.id,
            body: "Yes — the home page design puts them first. See https://example.com for the blends' photos we will use.",
          },
        ]
      : []),
  ];
  for (const message of messages) {
    await must(
      client.from("project_messages").insert({ project_id: projectId, ...message } as never),
    );
  }
}

/** A deliverable whose first version waits for the owner's decision (its file in the bucket). */
async function deliverableWaiting(
  client: SupabaseClient,
  organisationId: string,
  projectId: string,
) {
  const deliverableId = await idOf(
    client
      .from("project_deliverables")
      .insert({
        project_id: projectId,
        organisation_id: organisationId,
        title: "Home page design",
        note: "The shop's home page, on a phone and a desktop.",
      })
      .select("id")
      .single(),
  );
  const path = `${organisationId}/deliverables/${deliverableId}/demo/home-page-v1.pdf`;
  const file = Buffer.from("%PDF-1.4\n% Savanna Coffee: home page, version 1\n%%EOF\n");
  const stored = await client.storage
    .from("client-files")
    .upload(path, file, { contentType: "application/pdf", upsert: true });
  if (stored.error) throw new Error(stored.error.message);
  const versionId = await idOf(
    client
      .from("deliverable_versions")
      .insert({
        deliverable_id: deliverableId,
        organisation_id: organisationId,
        file_path: path,
        file_name: "home-page-v1.pdf",
        file_size: file.length,
        file_type: "application/pdf",
        note: "First design: the roastery's story above the coffees.",
      })
      .select("id")
      .single(),
  );
  // Ready for review; its reminder is due in 3 days (the app counts working days).
  await must(
    client.rpc("mark_version_ready", {
      p_version: Number(versionId),
      p_remind_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    }),
  );
  return versionId;
}

export async function main(env: Env = process.env): Promise<number> {
  if (env.SUPABASE_URL) {
    console.error(
      "SUPABASE_URL is set: the demo client is for the embedded backend only, never a hosted database.",
    );
    return 1;
  }
  try {
    const seeded = await withServiceRole(env, seedDemoClient);
    console.log(
      [
        `Demo client "${DEMO_CLIENT}" is ready.`,
        `Sign in as ${DEMO_EMAIL} with the password ${seeded.password}`,
        `  its project: /organisations/${seeded.organisationId}/projects/${seeded.projectId}`,
        `  the agency's view: /admin/clients/${seeded.organisationId}`,
      ].join("\n"),
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main();
}
