import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KNOWN_ACTIONS, planActivity } from "~/domain/admin/activity";
import { type AuditEntry, describeAudit } from "~/domain/admin/audit.server";
import { partsToText } from "~/i18n/messages";
import { bundle, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";

const MIGRATIONS = join(import.meta.dirname, "../../supabase/migrations");
const sql = readdirSync(MIGRATIONS)
  .filter((name) => name.endsWith(".sql"))
  .map((name) => readFileSync(join(MIGRATIONS, name), "utf8"))
  .join("\n");

/** Every action key the migrations' audit writers can write, read from the SQL itself. */
function actionsInMigrations(): string[] {
  // Not audit actions: settings (`app.…`, the API's `request.…`) and the kinds of the jobs
  // migrations queue.
  const jobKinds = [...sql.matchAll(/enqueue_job\(\s*'([a-z.]+)'/g)].map((m) => m[1]);
  const literal = [...sql.matchAll(/'([a-z]+\.[a-z_]+)'/g)]
    .map((m) => m[1] as string)
    .filter((key) => !/^(app|request)\./.test(key) && !jobKinds.includes(key));
  // content_keep_revision(): `tg_table_name || '.' || case … then 'created' … else 'updated'`,
  // for the tables its triggers are created on; admin_reorder_content(): `p_entity || '.reordered'`.
  const revision =
    /tg_table_name \|\| '\.' \|\| case v_operation([\s\S]*?)end,/.exec(sql)?.[1] ?? "";
  const operations = [...revision.matchAll(/(?:then|else) '([a-z]+)'/g)].map((m) => m[1]);
  const triggered = /foreach t in array array\[([^\]]+)\]/.exec(sql)?.[1] ?? "";
  const tables = [...triggered.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  const known = /select p_entity in \(([^)]+)\)/.exec(sql)?.[1] ?? "";
  const reorderable = [...known.matchAll(/'([a-z_]+)'/g)]
    .map((m) => m[1])
    .filter((table) => table !== "legal_documents");
  expect(operations.length).toBeGreaterThanOrEqual(4);
  expect(tables.length).toBeGreaterThanOrEqual(9);
  expect(reorderable.length).toBeGreaterThanOrEqual(7);
  return [
    ...new Set([
      ...literal,
      ...tables.flatMap((table) => operations.map((op) => `${table}.${op}`)),
      ...reorderable.map((table) => `${table}.reordered`),
    ]),
  ];
}

const row = (action: string, target_type: string, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 1,
  action,
  target_type,
  target_id: "12",
  summary: "Item name",
  actor_email: "amina@agency.example",
  created_at: "2026-12-03T10:05:00Z",
  ...extra,
});

const TARGET_OF: Record<string, string> = {
  post: "posts",
  message: "contact_messages",
  subscriber: "newsletter_subscribers",
  admin: "users",
  media: "media",
};
const targetOf = (action: string) => {
  const prefix = action.split(".")[0] ?? "";
  return TARGET_OF[prefix] ?? prefix;
};

/** A client whose tables hold exactly `rows` (table → ids), for the existence check. */
function fakeSupabase(rows: Record<string, string[]>): AppSupabase {
  return {
    from: (table: string) => ({
      select: (column: string) => ({
        in: async (_: string, ids: string[]) => ({
          data: ids.filter((id) => rows[table]?.includes(id)).map((id) => ({ [column]: id })),
          error: null,
        }),
      }),
    }),
  } as unknown as AppSupabase;
}

async function sentences(entries: AuditEntry[], locale: "en" | "sw" | "fr", exist = {}) {
  const page = { rows: entries, total: entries.length, page: 1 };
  const described = await describeAudit(
    fakeSupabase(exist),
    page,
    translator(locale),
    "Africa/Nairobi",
  );
  const messages = bundle(locale, ["activity"]);
  return described.rows.map((entry) => ({
    ...entry,
    text: partsToText(messages[entry.sentence] ?? entry.sentence, entry.values),
  }));
}

describe("the activity log's sentences", () => {
  const inMigrations = actionsInMigrations();

  it("knows every action the migrations' audit writers can record", () => {
    expect(inMigrations.filter((action) => !KNOWN_ACTIONS.includes(action))).toEqual([]);
    expect(inMigrations).toContain("post.published");
    expect(inMigrations).toContain("services.reordered");
    expect(inMigrations).toContain("site_settings.updated");
  });

  it.each(["en", "sw", "fr"] as const)(
    "says each of them as a sentence of its own in %s, never a machine key",
    async (locale) => {
      const entries = KNOWN_ACTIONS.map((action) => row(action, targetOf(action)));
      for (const [index, entry] of (await sentences(entries, locale)).entries()) {
        const action = KNOWN_ACTIONS[index] as string;
        expect(planActivity(row(action, targetOf(action))).verb, action).not.toBe("other");
        expect(entry.text, action).toContain("amina@agency.example");
        expect(entry.text.replace("amina@agency.example", ""), action).not.toMatch(
          /[{}<>]|\b[a-z_]+\.[a-z_]+\b/,
        );
        expect(entry.text, action).not.toContain(action);
      }
    },
  );

  it("reads like a sentence, with the item and the person linked", async () => {
    const [published, granted] = await sentences(
      [
        row("post.published", "posts", { summary: "Hello Nairobi" }),
        row("admin.granted", "users", { target_id: "7c1e", summary: "juma@example.com" }),
      ],
      "en",
      { posts: ["12"] },
    );
    expect(published?.text).toBe("amina@agency.example published the article “Hello Nairobi”");
    expect(published?.itemHref).toBe("/admin/posts/12");
    expect(published?.personHref).toBe("/admin/people?q=amina%40agency.example");
    expect(granted?.text).toBe("amina@agency.example made “juma@example.com” an admin");
    expect(granted?.itemHref).toBe("/admin/people?q=juma%40example.com");
    expect(published?.when).toBe("Dec 3, 2026, 01:05 PM GMT+3");
  });

  it("speaks the admin's language", async () => {
    const [sw] = await sentences([row("services.updated", "services", { summary: "Web" })], "sw");
    const [fr] = await sentences(
      [row("message.handled", "contact_messages", { summary: "Wanjiku" })],
      "fr",
    );
    expect(sw?.text).toBe("amina@agency.example alihariri huduma “Web”");
    expect(fr?.text).toBe("amina@agency.example a marqué le message de « Wanjiku » comme traité");
  });

  it("links an item only while it still exists", async () => {
    const [kept, deleted, gone] = await sentences(
      [
        row("services.updated", "services", { target_id: "3" }),
        row("services.deleted", "services", { target_id: "4" }),
        row("message.handled", "contact_messages", { target_id: "9" }),
      ],
      "en",
      { services: ["3"] },
    );
    expect(kept?.itemHref).toBe("/admin/services/3");
    expect(deleted?.itemHref).toBeNull();
    expect(gone?.itemHref).toBeNull();
  });

  it("links a client's download to the project's Files page while the client is there", async () => {
    const org = "5b3c7c1e-0000-4000-8000-000000000001";
    const download = (target_id: string) =>
      row("file.downloaded", "organisations", { target_id, summary: "logo.png — Website — Acme" });
    const [project, version, gone] = await sentences(
      [
        download(`${org}/projects/7/1f2e/logo.png`),
        download(`${org}/deliverables/3/9a8b/logo-v1.pdf`),
        download("5b3c7c1e-0000-4000-8000-000000000002/projects/8/1f2e/logo.png"),
      ],
      "en",
      { organisations: [org] },
    );
    expect(project?.text).toBe(
      "amina@agency.example downloaded the file “logo.png — Website — Acme”",
    );
    expect(project?.itemHref).toBe(`/admin/clients/${org}/projects/7/files`);
    expect(version?.itemHref).toBe(`/admin/clients/${org}`);
    expect(gone?.itemHref).toBeNull();
  });

  it("names a reordered list and links to it", async () => {
    const [moved] = await sentences(
      [row("team_members.reordered", "team_members", { target_id: null, summary: "4 items" })],
      "en",
    );
    expect(moved?.text).toBe("amina@agency.example reordered the list “Team”");
    expect(moved?.itemHref).toBe("/admin/team");
  });

  it("says an unknown action in a readable generic sentence", async () => {
    const [unknown, anonymous] = await sentences(
      [
        row("post.featured", "posts", { summary: "Hello" }),
        row("invoice.sent", "invoices", { summary: "", target_id: "55", actor_email: null }),
      ],
      "en",
      { posts: ["12"] },
    );
    expect(unknown?.text).toBe(
      "amina@agency.example made a change (post featured) to the article “Hello”",
    );
    expect(unknown?.itemHref).toBe("/admin/posts/12");
    expect(anonymous?.text).toBe("Someone made a change (invoice sent) to the item “#55”");
    expect(anonymous?.personHref).toBeNull();
    expect(anonymous?.itemHref).toBeNull();
  });
});
