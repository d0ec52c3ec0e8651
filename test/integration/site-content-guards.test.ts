import { startTestBackend, type TestBackend } from "@jenga/supabase-local/testing";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Draft, draftFromRow, withoutBlankRows } from "~/domain/site/editor/draft";
import { KINDS } from "~/domain/site/editor/kinds";
import { columnsOf, validateDraft } from "~/domain/site/editor/schema.server";
import { createUser, serviceClient } from "../support/backend.ts";
import { heldHeap } from "../support/held-heap";

/**
 * The database refuses what the site's editors refuse
 * (supabase/migrations/20261207000002_content_guards.sql): written through the API with an
 * admin's token or the service role — no editor in between — the security review's two values
 * (a contact e-mail carrying a mailto: Bcc, a brand name with a line break) are refused with
 * 400 and 23514 and nothing is stored; value by value, the editors' check and the database's
 * agree. And visitors read only the old slugs of items they can see.
 */
let backend: TestBackend;
let admin: SupabaseClient;
let service: SupabaseClient;

const client = () =>
  createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });

async function signedIn(account: { email: string; password: string }) {
  const db = client();
  const { error } = await db.auth.signInWithPassword(account);
  if (error) throw new Error(error.message);
  return db;
}

beforeAll(async () => {
  backend = await startTestBackend();
  admin = await signedIn(backend.admin);
  service = serviceClient(backend);
});
afterAll(async () => {
  await backend?.close();
});

const settingsRow = async () =>
  (await service.from("site_settings").select("*").eq("id", "site").single()).data as Record<
    string,
    unknown
  >;

describe("the database refuses what the editors refuse", () => {
  it("refuses the review's two values from an admin's token and the service role, storing nothing", async () => {
    const before = await settingsRow();
    const heap = heldHeap();
    const started = performance.now();
    for (const [who, db] of [
      ["admin", admin],
      ["service role", service],
    ] as const) {
      for (const change of [
        { email: "hello@example.test?bcc=eve@evil.example" },
        { support_email: "support@example.test?bcc=eve@evil.example" },
        { brand_name: "Jenga\nDigital" },
        { phone: "+254 712 345 678\r\nBcc: eve@evil.example" },
      ]) {
        const { error, status } = await db.from("site_settings").update(change).eq("id", "site");
        expect(error?.code, `${who} ${JSON.stringify(change)}`).toBe("23514");
        expect(status, `${who} ${JSON.stringify(change)}`).toBe(400);
      }
      const { error, status } = await db
        .from("team_members")
        .insert({ name: "Eve\nEvil", role: { en: "Role" }, bio: { en: "Bio" } });
      expect([error?.code, status], who).toEqual(["23514", 400]);
    }
    expect(await settingsRow()).toEqual(before);
    const { data: eve } = await service.from("team_members").select("id").like("name", "Eve%");
    expect(eve).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(heldHeap() - heap).toBeLessThan(64 * 1024 * 1024);
  });

  /** A value as the editor's form holds it, and as a writer through the API would store it. */
  type Shape = "text" | "translated" | "textList" | "office" | "socialLink";
  const asDraft = (shape: Shape, value: string) =>
    shape === "translated"
      ? { en: value, sw: "", fr: "" }
      : shape === "office"
        ? [{ city: value, address: "" }]
        : shape === "textList"
          ? [value]
          : shape === "socialLink"
            ? [{ network: "facebook", url: value }]
            : value;
  const asStored = (shape: Shape, value: string) =>
    shape === "translated"
      ? { en: value }
      : shape === "textList" || shape === "office"
        ? [value]
        : shape === "socialLink"
          ? [{ network: "facebook", url: value }]
          : value;

  const LINES = [
    "Jenga Digital",
    "Jenga\nDigital",
    "a\tb",
    "a\u2028b",
    "a\u0085b",
    "   ",
    "Ok \u00e9",
  ];
  const CORPUS: [field: string, shape: Shape, values: string[]][] = [
    ["brand_name", "text", [...LINES, "x".repeat(80), "x".repeat(81)]],
    [
      "phone",
      "text",
      ["+254 712 345 678", "(020) 123-4567", "call me", "0712 + 345", "12", "+254\n712"],
    ],
    [
      "email",
      "text",
      [
        "hello@jengadigital.co.ke",
        "jéan@café.example",
        "hello@example.test?bcc=eve@evil.example",
        "hello%3Fbcc@example.test",
        "a b@example.com",
        "Jenga <hello@example.test>",
        "a@b",
      ],
    ],
    ["office_hours", "translated", [...LINES, "y".repeat(201)]],
    ["meta_description", "translated", ["One\nTwo", "Tab\there", "Bell\u0007", "CR\r\nLF", "   "]],
    ["cities", "office", LINES],
    [
      "social_links",
      "socialLink",
      [
        "https://www.facebook.com/jengadigital",
        "https://WWW.FACEBOOK.COM/jengadigital",
        "https://facebook.com.evil.example/",
        "https://evil.example/facebook.com",
        "https://www.facebook.com@evil.example/",
        "https://%66acebook.com/",
        "https://facebook.com/a\u0001b",
      ],
    ],
  ];

  it("agrees with the editors value by value (what one refuses, the other refuses)", async () => {
    const original = await settingsRow();
    const disagreements: string[] = [];
    for (const [field, shape, values] of CORPUS) {
      for (const value of values) {
        const draft: Draft = {
          ...draftFromRow(KINDS.settings, original),
          [field]: asDraft(shape, value),
        };
        // As the editor's action does: rows left blank are dropped, then the form is checked.
        const checked = validateDraft(
          KINDS.settings,
          withoutBlankRows(KINDS.settings, draft),
          "en",
        );
        // Accepted: the editor's own value must be storable. Refused: the raw value must be refused.
        const stored = checked.ok
          ? columnsOf(KINDS.settings, checked.values)[field]
          : asStored(shape, value);
        const { error, status } = await service
          .from("site_settings")
          .update({ [field]: stored })
          .eq("id", "site");
        if (status >= 500) disagreements.push(`${field} ${JSON.stringify(value)}: ${status}`);
        if (checked.ok === Boolean(error)) {
          const said = checked.ok
            ? "editor accepts, database refuses"
            : "editor refuses, database accepts";
          disagreements.push(
            `${field} ${JSON.stringify(value)}: ${said} (${error?.message ?? status})`,
          );
        }
      }
    }
    const { version: _v, updated_at: _u, ...fields } = original;
    await service.from("site_settings").update(fields).eq("id", "site");
    expect(disagreements).toEqual([]);
  });

  it("is looser than the editors only where nothing can break: lengths of emoji, symbols in addresses", async () => {
    // The editors count UTF-16 units (an emoji is 2), the database characters.
    const emoji = "😀".repeat(41);
    const draft = { ...draftFromRow(KINDS.settings, await settingsRow()), brand_name: emoji };
    expect(validateDraft(KINDS.settings, draft, "en").ok).toBe(false);
    for (const change of [{ brand_name: emoji }, { email: "©@example.test" }]) {
      const { error } = await service.from("site_settings").update(change).eq("id", "site");
      expect(error, JSON.stringify(change)).toBeNull();
    }
    await service
      .from("site_settings")
      .update({ brand_name: "Jenga Digital", email: "hello@jengadigital.co.ke" })
      .eq("id", "site");
  });

  it("still saves a post whose typed category or tag is odd (its new term gets a clean name)", async () => {
    const { data, error } = await service
      .from("posts")
      .insert({
        title: "Odd terms",
        categories: ["  Weird\u00a0name\u0001 "],
        tags: [`${"x".repeat(59)} tail`],
      })
      .select("categories, tags")
      .single();
    expect(error).toBeNull();
    const { data: terms } = await service
      .from("blog_categories")
      .select("label")
      .in("slug", data?.categories ?? []);
    expect(terms).toEqual([{ label: { en: "Weird name" } }]);
    const { data: tags } = await service
      .from("blog_tags")
      .select("label")
      .in("slug", data?.tags ?? []);
    expect(tags).toEqual([{ label: { en: "x".repeat(59) } }]);
  });
});

describe("old slugs", () => {
  const serviceRow = (slug: string, published: boolean) => ({
    slug,
    published,
    price_min: 1000,
    title: { en: `Service ${slug}` },
    description: { en: "d" },
    long_description: { en: "l" },
    cta: { en: "c" },
  });
  const slugsSeenBy = async (db: SupabaseClient) =>
    ((await db.from("content_redirects").select("old_slug").order("old_slug")).data ?? []).map(
      (row) => row.old_slug as string,
    );

  it("show to visitors only for items they can see; admins see every one", async () => {
    const writer = serviceClient(backend);
    const { data: shown } = await writer
      .from("services")
      .insert(serviceRow("shown-old", true))
      .select("id")
      .single();
    await writer.from("services").update({ slug: "shown-new" }).eq("id", shown?.id);
    const { data: hidden } = await writer
      .from("services")
      .insert(serviceRow("hidden-old", false))
      .select("id")
      .single();
    await writer.from("services").update({ slug: "hidden-new" }).eq("id", hidden?.id);
    // A published item deleted: its slugs answer 410 to everyone. A draft deleted: forgotten.
    await writer.from("services").insert(serviceRow("gone-for-good", true));
    await writer.from("services").delete().eq("slug", "gone-for-good");
    const { data: draft } = await writer
      .from("services")
      .insert(serviceRow("draft-old", false))
      .select("id")
      .single();
    await writer.from("services").update({ slug: "draft-new" }).eq("id", draft?.id);
    await writer.from("services").delete().eq("id", draft?.id);

    const member = await signedIn(await createUser(backend));
    for (const visitor of [client(), member]) {
      expect(await slugsSeenBy(visitor)).toEqual(["gone-for-good", "shown-old"]);
    }
    expect(await slugsSeenBy(admin)).toEqual(["gone-for-good", "hidden-old", "shown-old"]);
    expect(await slugsSeenBy(writer)).toEqual(["gone-for-good", "hidden-old", "shown-old"]);

    // Published later: its old slug shows (and redirects) from then on.
    await writer.from("services").update({ published: true }).eq("id", hidden?.id);
    expect(await slugsSeenBy(client())).toEqual(["gone-for-good", "hidden-old", "shown-old"]);
  });
});
