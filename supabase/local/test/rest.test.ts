/** PostgREST subset through supabase-js: reads, filters, ranges, single, writes, upserts. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((row) => row.id);

describe("select", () => {
  it("returns the seeded posts with column lists, aliases and order", async () => {
    const { data, error, status } = await anonClient(backend)
      .from("posts")
      .select("*")
      .eq("published", true)
      .order("published_at", { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    // The seed's six English posts, and the Kiswahili (7) and French (8) translations of the first.
    expect(ids(data)).toEqual([6, 5, 4, 3, 2, 8, 7, 1]);
    expect(data?.[7]).toMatchObject({
      title: "Why Every Kenyan Business Needs a Website in 2026",
      author_name: "Brian Otieno",
      categories: ["web-development", "business"],
      published: true,
    });
    expect(data?.[0].content).toContain("<h2>");

    const narrow = await anonClient(backend).from("posts").select("id, heading:title").eq("id", 2);
    expect(narrow.data).toEqual([{ id: 2, heading: "Mobile-First Design for African Markets" }]);

    const multi = await anonClient(backend)
      .from("posts")
      .select("id,author_name")
      .order("author_name")
      .order("id", { ascending: false });
    expect(ids(multi.data)).toEqual([4, 2, 8, 7, 5, 1, 6, 3]);
  });

  it("supports every filter operator", async () => {
    // The six English originals of the seed (its translations of post 1 are 7 and 8).
    const posts = () => anonClient(backend).from("posts").select("id").lte("id", 6).order("id");
    expect(ids((await posts().eq("id", 3)).data)).toEqual([3]);
    expect(ids((await posts().neq("id", 3)).data)).toEqual([1, 2, 4, 5, 6]);
    expect(ids((await posts().gt("id", 4)).data)).toEqual([5, 6]);
    expect(ids((await posts().gte("id", 4)).data)).toEqual([4, 5, 6]);
    expect(ids((await posts().lt("id", 2)).data)).toEqual([1]);
    expect(ids((await posts().lte("id", 2)).data)).toEqual([1, 2]);
    expect(ids((await posts().in("id", [2, 4, 99])).data)).toEqual([2, 4]);
    expect(ids((await posts().in("author_name", ["David Kamau", "a,b"])).data)).toEqual([3, 6]);
    expect(ids((await posts().is("cover_image", null)).data)).toEqual([]);
    expect(ids((await posts().not("cover_image", "is", null)).data)).toHaveLength(6);
    expect(ids((await posts().like("title", "%Website%")).data)).toEqual([1]);
    expect(ids((await posts().ilike("title", "%m-pesa%")).data)).toEqual([3]);
    expect(ids((await posts().contains("tags", ["mpesa"])).data)).toEqual([3]);
    expect(
      ids((await posts().containedBy("categories", ["digital-marketing", "ai"])).data),
    ).toEqual([4]);
    expect(ids((await posts().overlaps("tags", ["ai", "sms"])).data)).toEqual([4, 5]);
    expect(ids((await posts().not("id", "in", "(1,2,3)")).data)).toEqual([4, 5, 6]);
    expect(ids((await posts().gte("published_at", "2026-03-01")).data)).toEqual([4, 5, 6]);
    expect(ids((await posts().or("id.eq.1,id.eq.6")).data)).toEqual([1, 6]);
    expect(ids((await posts().or("id.eq.1,and(id.gt.4,id.lt.6)")).data)).toEqual([1, 5]);
    expect(
      ids((await posts().or('title.eq."Choosing Reliable Web Hosting",id.lte.1')).data),
    ).toEqual([1, 6]);
    expect(ids((await posts().eq("published", true).not("id", "gte", 3)).data)).toEqual([1, 2]);
  });

  it("pages with range/limit and counts", async () => {
    const page = await anonClient(backend)
      .from("posts")
      .select("id", { count: "exact" })
      .order("id")
      .range(1, 2);
    expect(ids(page.data)).toEqual([2, 3]);
    expect(page.count).toBe(8);
    expect(page.status).toBe(206);

    const limited = await anonClient(backend).from("posts").select("id").order("id").limit(2);
    expect(ids(limited.data)).toEqual([1, 2]);

    const head = await anonClient(backend)
      .from("posts")
      .select("*", { count: "exact", head: true });
    expect(head.data).toBeNull();
    expect(head.count).toBe(8);

    const past = await anonClient(backend)
      .from("posts")
      .select("id", { count: "exact" })
      .range(10, 12);
    expect(past.status).toBe(416);
    expect(past.error?.code).toBe("PGRST103");
  });

  it("coerces single() and maybeSingle()", async () => {
    const one = await anonClient(backend).from("posts").select("id,title").eq("id", 4).single();
    expect(one.data).toEqual({ id: 4, title: "Bulk SMS Marketing That Customers Welcome" });
    const none = await anonClient(backend).from("posts").select("id").eq("id", 404).single();
    expect(none.status).toBe(406);
    expect(none.error?.code).toBe("PGRST116");
    expect(none.error?.details).toBe("The result contains 0 rows");
    const many = await anonClient(backend).from("posts").select("id").single();
    expect(many.error?.code).toBe("PGRST116");
    const maybe = await anonClient(backend).from("posts").select("id").eq("id", 404).maybeSingle();
    expect(maybe).toMatchObject({ data: null, error: null });
    const maybeOne = await anonClient(backend).from("posts").select("id").eq("id", 1).maybeSingle();
    expect(maybeOne.data).toEqual({ id: 1 });
  });
});

describe("writes", () => {
  it("inserts, updates and deletes", async () => {
    const db = serviceClient(backend);
    const inserted = await db
      .from("posts")
      .insert({ title: "Draft", categories: ["Business"], tags: ["draft"] })
      .select("id,title,published,author_name,read_time,categories")
      .single();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toMatchObject({
      title: "Draft",
      published: false,
      author_name: "Admin",
      read_time: "1 min",
      // A category's name is stored as its key (supabase/migrations/20261205100001_blog_taxonomy.sql).
      categories: ["business"],
    });
    const id = inserted.data?.id as number;

    const minimal = await db.from("posts").insert({ title: "Quiet insert" });
    expect(minimal).toMatchObject({ data: null, error: null, status: 201 });

    const bulk = await db
      .from("posts")
      .insert([{ title: "Bulk A", excerpt: "a" }, { title: "Bulk B" }], { defaultToNull: false })
      .select("title,excerpt");
    expect(bulk.data).toEqual([
      { title: "Bulk A", excerpt: "a" },
      { title: "Bulk B", excerpt: "" },
    ]);
    // Without `defaultToNull: false`, missing keys are NULL (PostgREST): excerpt is NOT NULL.
    const nulls = await db
      .from("posts")
      .insert([{ title: "Bulk C", excerpt: "c" }, { title: "Bulk D" }]);
    expect(nulls.error?.code).toBe("23502");

    const before = await db.from("posts").select("updated_at").eq("id", id).single();
    const updated = await db
      .from("posts")
      .update({ title: "Published draft", published: true })
      .eq("id", id)
      .select("title,published,updated_at");
    expect(updated.status).toBe(200);
    expect(updated.data?.[0]).toMatchObject({ title: "Published draft", published: true });
    expect(updated.data?.[0]?.updated_at).not.toBe(before.data?.updated_at);

    const silent = await db.from("posts").update({ excerpt: "x" }).eq("id", id);
    expect(silent).toMatchObject({ status: 204, error: null, data: null });

    const removed = await db.from("posts").delete().eq("id", id);
    expect(removed.status).toBe(204);
    const gone = await db.from("posts").select("id").eq("id", id);
    expect(gone.data).toEqual([]);
    await db.from("posts").delete().in("title", ["Quiet insert", "Bulk A", "Bulk B"]);
  });

  it("reports constraint violations", async () => {
    const db = serviceClient(backend);
    const empty = await db.from("posts").insert({ title: "" });
    expect(empty.status).toBe(400);
    expect(empty.error?.code).toBe("23514");
    const missing = await db.from("posts").insert({ excerpt: "no title" });
    expect(missing.error?.code).toBe("23502");
    await db.from("newsletter_subscribers").insert({ email: "dup@example.com" });
    const dup = await db.from("newsletter_subscribers").insert({ email: "DUP@example.com" });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe("23505");
  });

  it("upserts with merge-duplicates and ignore-duplicates", async () => {
    const db = serviceClient(backend);
    const fresh = await db.from("posts").upsert({ title: "Upserted" }).select("id,title").single();
    expect(fresh.error).toBeNull();
    const id = fresh.data?.id as number;
    // Identity columns are GENERATED ALWAYS: like hosted PostgREST, an explicit id is refused.
    const byId = await db.from("posts").upsert({ id, title: "Renamed" });
    expect(byId.status).toBe(400);
    expect(byId.error?.code).toBe("428C9");
    const ignored = await db
      .from("posts")
      .upsert({ title: "Ignored dup" }, { onConflict: "id", ignoreDuplicates: true })
      .select("title");
    expect(ignored.data).toEqual([{ title: "Ignored dup" }]);
    await db.from("posts").delete().in("title", ["Upserted", "Ignored dup"]);
  });
});
