/**
 * The blog's categories and tags as a translated taxonomy (issue 27 item 5,
 * supabase/migrations/20261205100001_blog_taxonomy.sql): each language's blog labels them in
 * its own words and filters by their keys, one category never shows under two names, old links
 * with an English label still filter, and only admins change them — through the editors at
 * /admin/blog-categories and /admin/blog-tags, whose changes the blog shows at once.
 */
import { describe, expect, it } from "vitest";
import { KINDS } from "~/domain/site/editor/kinds";
import { requestSupabase } from "~/infra/supabase.server";
import * as editRoute from "~/routes/admin/site-edit";
import * as blog from "~/routes/blog/index";
import * as post from "~/routes/blog/post";
import * as rss from "~/routes/blog/rss";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { createUser, PASSWORD, signInCookie } from "../support/backend";
import { routeArgs } from "../support/route-args";
import { routed } from "../support/routed";
import { siteEditorFixture, typedValueOf } from "../support/site-editor";

const edit = routed(editRoute);

const fixture = siteEditorFixture();
const { db, post: save } = fixture;

type Term = { key: string; label: string; lang?: "en" };
type BlogData = {
  filters: { category: string; tags: string[] };
  posts: { id: number; categories: Term[]; tags: Term[] }[];
  categories: Term[];
  tags: Term[];
};

async function blogPage(path: string): Promise<BlogData> {
  const { args } = routeArgs(path);
  const answer = asData<BlogData>(await settle(() => blog.loader(args as never)));
  expect(answer.status, path).toBe(200);
  return answer.data;
}

const find = (terms: Term[], key: string) => terms.find((term) => term.key === key);

describe("the blog's categories and tags in three languages", () => {
  it.each([
    ["/blog", "Web Development", "customers"],
    ["/sw/blog", "Utengenezaji wa Tovuti", "wateja"],
    ["/fr/blog", "Développement web", "clients"],
  ])("%s offers them by key, in its own words", async (path, webDevelopment, customers) => {
    const page = await blogPage(path);
    expect(find(page.categories, "web-development")).toEqual({
      key: "web-development",
      label: webDevelopment,
    });
    expect(find(page.tags, "customers")).toEqual({ key: "customers", label: customers });
    // The posts' own badges use the same words.
    const first = page.posts.find((p) => p.categories.some((c) => c.key === "web-development"));
    expect(find(first?.categories ?? [], "web-development")?.label).toBe(webDevelopment);
  });

  it("never offers one category under two names, nor an English one where a translation exists", async () => {
    for (const path of ["/blog", "/sw/blog", "/fr/blog"]) {
      const { categories, tags } = await blogPage(path);
      for (const list of [categories, tags]) {
        expect(new Set(list.map((t) => t.key)).size, path).toBe(list.length);
        expect(new Set(list.map((t) => t.label)).size, path).toBe(list.length);
      }
    }
    const fr = await blogPage("/fr/blog");
    const labels = fr.categories.map((c) => c.label);
    expect(labels).toContain("Développement web");
    expect(labels).not.toContain("Web Development");
    expect(labels).not.toContain("Digital Marketing");
    // The French translation of the first article carries its original's categories.
    const translated = fr.posts.find((p) => p.id === 8);
    expect(translated?.categories.map((c) => c.label)).toEqual(["Développement web", "Entreprise"]);
  });

  it("labels a post's categories and tags in the page's language", async () => {
    const { args } = routeArgs("/fr/blog/8", { params: { postId: "8" } });
    const { data } = asData<{ post: { categories: Term[]; tags: Term[] } }>(
      await settle(() => post.loader(args as never)),
    );
    expect(data.post.categories.map((c) => c.label)).toEqual(["Développement web", "Entreprise"]);
    expect(data.post.tags.map((t) => t.label)).toEqual([
      "référencement",
      "site-web",
      "petite-entreprise",
    ]);
  });

  it("names the categories in the feed's language, a translation's being its original's", async () => {
    const { args } = routeArgs("/fr/blog/rss.xml");
    const xml = await asResponse(await settle(() => rss.loader(args as never))).text();
    expect(xml).toContain("<category>Développement web</category>");
    expect(xml).toContain("<category>Entreprise</category>");
    expect(xml).not.toContain("<category>Hébergement</category>");
    expect(xml).not.toContain("<category>Web Development</category>");
    expect(xml).not.toContain("<category>web-development</category>");
  });

  it("reads an old link's English label as its key, in every language", async () => {
    const byKey = (await blogPage("/blog?category=web-development")).posts.map((p) => p.id);
    expect(byKey).toEqual([6, 3, 2, 1]);
    for (const path of [
      "/blog?category=Web%20Development",
      "/blog?category=web+development",
      "/blog?category=WEB+DEVELOPMENT",
    ]) {
      const page = await blogPage(path);
      expect(page.filters.category, path).toBe("web-development");
      expect(
        page.posts.map((p) => p.id),
        path,
      ).toEqual(byKey);
    }
    const fr = await blogPage("/fr/blog?category=Digital%20Marketing&tag=customers");
    expect(fr.filters).toMatchObject({ category: "digital-marketing", tags: ["customers"] });
    expect(fr.posts.map((p) => p.id)).toEqual([4]);
    // A label of another language names the same key.
    expect((await blogPage("/blog?tag=wateja")).posts.map((p) => p.id)).toEqual([4]);
  });
});

describe("the admin's taxonomy editors", () => {
  const tags = KINDS["blog-tags"];
  const categories = KINDS["blog-categories"];

  async function tagRow(slug: string) {
    const { data } = await db().from("blog_tags").select("*").eq("slug", slug).single();
    return data as { id: number; slug: string; label: Record<string, string>; version: number };
  }

  it("renames a tag in French: /fr/blog shows the new name at once, the key stays", async () => {
    const row = await tagRow("customers");
    const { answer, contentChanges } = await save(
      tags,
      {
        "label.en": "customers",
        "label.sw": "wateja",
        "label.fr": "clientèle",
        slug: "customers",
        version: String(row.version),
      },
      row.id,
    );
    const response = asResponse(answer);
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ type: "success" });
    // What empties the cached blog pages (app/lib/page-query.ts PAGES_SHOWING).
    expect(contentChanges).toEqual([{ kind: "site", entity: "blog_tags" }]);
    const fr = await blogPage("/fr/blog?tag=customers");
    expect(find(fr.tags, "customers")?.label).toBe("clientèle");
    expect(fr.posts.map((p) => p.id)).toEqual([4]);
    expect((await blogPage("/blog")).tags.map((t) => t.label)).not.toContain("clientèle");
  });

  it("creates a category the blog offers once a post carries it, untranslated ones marked English", async () => {
    const { answer } = await save(categories, {
      "label.en": "Case Studies",
      "label.fr": "Études de cas",
      slug: "case-studies",
    });
    expect(asResponse(answer).status).toBe(302);
    const { error } = await db()
      .from("posts")
      .insert({
        title: "A case study",
        published: true,
        published_at: new Date().toISOString(),
        categories: ["Case Studies"],
      });
    expect(error).toBeNull();
    expect(find((await blogPage("/fr/blog")).categories, "case-studies")).toEqual({
      key: "case-studies",
      label: "Études de cas",
    });
    expect(find((await blogPage("/sw/blog")).categories, "case-studies")).toEqual({
      key: "case-studies",
      label: "Case Studies",
      lang: "en",
    });
  });

  it("changing a key moves the posts to it; deleting a tag takes it off them", async () => {
    const { data: created } = await db()
      .from("posts")
      .insert({ title: "Keyed", categories: ["Keyed One"], tags: ["Keyed Tag"] })
      .select("id")
      .single();
    const id = (created as { id: number }).id;
    const { data: category } = await db()
      .from("blog_categories")
      .select("id, version")
      .eq("slug", "keyed-one")
      .single();
    const { answer } = await save(
      categories,
      {
        "label.en": "Keyed One",
        slug: "keyed-renamed",
        version: String((category as { version: number }).version),
      },
      (category as { id: number }).id,
    );
    expect(asResponse(answer).status).toBe(302);
    const tag = await tagRow("keyed-tag");
    const removed = await save(tags, { intent: "delete", version: String(tag.version) }, tag.id);
    expect(asResponse(removed.answer).status).toBe(302);
    const { data: after } = await db()
      .from("posts")
      .select("categories, tags")
      .eq("id", id)
      .single();
    expect(after).toEqual({ categories: ["keyed-renamed"], tags: [] });
  });

  it("refuses a missing English name, a malformed or taken key, with the typed values back", async () => {
    const before = await fixture.count(tags);
    for (const [fields, field] of [
      [{ "label.en": "", "label.fr": "sans nom", slug: "nameless" }, "label.en"],
      [{ "label.en": "Bad key", slug: "Bad Key" }, "slug"],
      [{ "label.en": "Taken", slug: "customers" }, "slug"],
    ] as const) {
      const { answer } = await save(tags, { ...fields });
      const { data, status } = asData<{
        errors?: Record<string, string[]>;
        draft?: Record<string, unknown>;
      }>(answer);
      expect(status, field).toBeGreaterThanOrEqual(400);
      expect(status, field).toBeLessThan(500);
      expect(data.errors?.[field]?.length, field).toBeGreaterThan(0);
      expect(typedValueOf(data.draft, "slug"), field).toBe(fields.slug);
    }
    expect(await fixture.count(tags)).toBe(before);
  });

  it("refuses anonymous visitors and signed-in users without admin rights, in the editors and in the database", async () => {
    const before = await db().from("blog_tags").select("*").order("id");
    const fields = { "label.en": "Sneaky", slug: "sneaky" };
    const user = await createUser(fixture.backend());
    const member = await signInCookie(user.email, PASSWORD);
    for (const cookie of [undefined, member]) {
      const { args } = routeArgs("/admin/blog-tags/new", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        cookie,
      });
      const response = asResponse(await settle(() => edit.action(args as never)));
      expect(response.headers.get("Location")).toMatch(cookie ? /^\/$/ : /^\/login\?/);
      // Straight to the database with the same session: RLS refuses it too.
      const supabase = requestSupabase(args.request).client();
      const { error } = await supabase
        .from("blog_tags")
        .insert({ slug: "sneaky", label: { en: "x" } });
      expect(error?.code).toBe("42501");
      const renamed = await supabase
        .from("blog_tags")
        .update({ label: { en: "hijacked" } })
        .eq("slug", "customers")
        .select("id");
      expect(renamed.data ?? []).toEqual([]);
    }
    expect((await db().from("blog_tags").select("*").order("id")).data).toEqual(before.data);
  });
});
