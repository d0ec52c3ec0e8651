import { beforeAll, describe, expect, it } from "vitest";
import { resetPublishedBlog } from "~/domain/posts/published.server";
import * as blog from "~/routes/blog/index";
import { asData, settle } from "../support/answers";
import { serviceClient, type TestBackend, withBackend } from "../support/backend";
import { routeArgs } from "../support/route-args";

/**
 * The blog list filters and pages (text in the title or the excerpt, case-insensitive; one
 * category; every selected tag), through the route's loader, from memory and in the database.
 */
let backend: TestBackend;
withBackend((started) => {
  backend = started;
});

const m = `q${Date.now().toString(36)}`;
const ids: Record<string, number> = {};

async function insert(key: string, row: Record<string, unknown>) {
  const { data, error } = await serviceClient(backend)
    .from("posts")
    .insert({ published: true, published_at: new Date().toISOString(), ...row })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  ids[key] = data.id;
}

type Loaded = {
  posts: { id: number }[];
  total: number;
  page: number;
  pageCount: number;
  categories: { key: string; label: string }[];
  tags: { key: string; label: string }[];
};

async function loadOnce(query: string, path: string): Promise<Loaded> {
  const { args } = routeArgs(`${path}?${query}`);
  return asData<Loaded>(await settle(() => blog.loader(args))).data;
}

/**
 * The blog list's answer, read both ways the site reads it — from the published blog held in
 * memory, and with the database's filters (a blog larger than memory holds) — which must agree.
 */
async function load(query: string, path = "/blog"): Promise<Loaded> {
  resetPublishedBlog(0);
  const fromDatabase = await loadOnce(query, path);
  resetPublishedBlog();
  const fromMemory = await loadOnce(query, path);
  expect(fromMemory).toEqual(fromDatabase);
  return fromMemory;
}

/** The filter's choices by their labels (a name written into a post is its English label). */
async function choices(path?: string) {
  const { categories, tags } = await load("", path);
  return { categories: categories.map((c) => c.label), tags: tags.map((t) => t.label) };
}

const found = async (query: string, path?: string) =>
  (await load(query, path)).posts.map((p) => Object.keys(ids).find((k) => ids[k] === p.id)).sort();

beforeAll(async () => {
  await insert("guide", {
    title: `Mpesa-${m} Guide`,
    categories: [`Business-${m}`],
    tags: [`mpesa-${m}`, `payments-${m}`],
  });
  await insert("sms", {
    title: `Texts ${m}`,
    excerpt: `All about SMS-${m} marketing`,
    categories: [`Marketing-${m}`],
    tags: [`sms-${m}`],
  });
  await insert("hosting", {
    title: `Hosting-${m}`,
    categories: [`Hosting-${m}`, `Business-${m}`],
    tags: [`payments-${m}`, `hosting-${m}`],
  });
  await insert("percent", { title: `50% off_${m} (deal), "now"`, categories: [`Deals-${m}`] });
  await insert("lookalike", { title: `50X offZ${m} deal`, categories: [`Deals-${m}`] });
});

describe("blog filters", () => {
  it("matches the title or the excerpt, case-insensitively", async () => {
    expect(await found(`q=MPESA-${m}`)).toEqual(["guide"]);
    expect(await found(`q=${encodeURIComponent(`sms-${m.toUpperCase()} MARKETING`)}`)).toEqual([
      "sms",
    ]);
  });

  it("takes the visitor's text literally: %, _, commas, parentheses and quotes", async () => {
    const q = encodeURIComponent(`50% off_${m} (deal), "now"`);
    expect(await found(`q=${q}`)).toEqual(["percent"]);
    expect(await found(`q=${encodeURIComponent(`50% off`)}&category=Deals-${m}`)).toEqual([
      "percent",
    ]);
  });

  it("requires the category and every selected tag", async () => {
    expect(await found(`category=Business-${m}`)).toEqual(["guide", "hosting"]);
    expect(await found(`category=Nope-${m}`)).toEqual([]);
    expect(await found(`tag=payments-${m}`)).toEqual(["guide", "hosting"]);
    expect(await found(`tag=payments-${m}&tag=hosting-${m}`)).toEqual(["hosting"]);
    expect(await found(`tag=payments-${m}&tag=sms-${m}`)).toEqual([]);
    expect(await found(`q=host&category=Business-${m}&tag=payments-${m}`)).toEqual(["hosting"]);
  });

  it("offers every published category and tag as a choice", async () => {
    const { categories, tags } = await choices();
    expect(categories).toEqual(expect.arrayContaining([`Business-${m}`, `Hosting-${m}`]));
    expect(tags).toEqual(expect.arrayContaining([`mpesa-${m}`, `sms-${m}`]));
    expect(categories).toEqual([...categories].sort((a, b) => a.localeCompare(b)));
  });
});

describe("blog pages", () => {
  it("shows 12 articles a page with the exact total; a page past the end is empty", async () => {
    const rows = Array.from({ length: 14 }, (_, i) => ({
      title: `Paged ${m} ${i}`,
      published: true,
      published_at: new Date(Date.now() - i * 60_000).toISOString(),
      categories: [`Paged-${m}`],
    }));
    const { error } = await serviceClient(backend).from("posts").insert(rows);
    expect(error).toBeNull();
    const first = await load(`category=Paged-${m}`);
    expect(first).toMatchObject({ total: 14, page: 1, pageCount: 2 });
    expect(first.posts).toHaveLength(12);
    const second = await load(`category=Paged-${m}&page=2`);
    expect(second).toMatchObject({ total: 14, page: 2, pageCount: 2 });
    expect(second.posts).toHaveLength(2);
    const past = await load(`category=Paged-${m}&page=5`);
    expect(past.posts).toEqual([]);
    expect(past.total).toBe(14);
  });
});

describe("blog per language", () => {
  it("lists a language's own posts and the English ones it has not translated yet", async () => {
    const lang = { categories: [`Lang-${m}`] };
    await insert("original", { title: `Original ${m}`, ...lang });
    await insert("originalSw", {
      title: `Asili ${m}`,
      lang: "sw",
      translation_of: ids.original,
      ...lang,
    });
    await insert("untranslated", { title: `Untranslated ${m}`, ...lang });
    await insert("swFirst", { title: `Kwanza ${m}`, lang: "sw", ...lang });
    await insert("swFirstEn", { title: `First ${m}`, translation_of: ids.swFirst, ...lang });
    const query = `category=Lang-${m}`;
    expect(await found(query)).toEqual(["original", "swFirstEn", "untranslated"]);
    expect(await found(query, "/sw/blog")).toEqual(["originalSw", "swFirst", "untranslated"]);
    expect(await found(query, "/fr/blog")).toEqual(["original", "swFirstEn", "untranslated"]);
    expect((await load(query, "/sw/blog")).total).toBe(3);
  });
});

describe("blog filter choices per language", () => {
  it("offers the categories and tags of the posts that language's blog lists, a translation's being its original's", async () => {
    await insert("facetOriginal", {
      title: `Facet original ${m}`,
      categories: [`OnlyEnglish-${m}`],
      tags: [`english-tag-${m}`],
    });
    await insert("facetSw", {
      title: `Facet asili ${m}`,
      lang: "sw",
      translation_of: ids.facetOriginal,
      categories: [`Biashara-${m}`],
      tags: [`lebo-${m}`],
    });
    await insert("facetUntranslated", {
      title: `Facet untranslated ${m}`,
      categories: [`Untranslated-${m}`],
    });
    const en = await choices();
    expect(en.categories).toEqual(
      expect.arrayContaining([`OnlyEnglish-${m}`, `Untranslated-${m}`]),
    );
    // A translation carries its original's categories and tags: the names written into it
    // become nobody's.
    expect(en.categories).not.toContain(`Biashara-${m}`);
    expect(en.tags).not.toContain(`lebo-${m}`);

    const sw = await choices("/sw/blog");
    expect(sw.categories).toEqual(
      expect.arrayContaining([`OnlyEnglish-${m}`, `Untranslated-${m}`]),
    );
    expect(sw.categories).not.toContain(`Biashara-${m}`);
    expect(sw.tags).toContain(`english-tag-${m}`);
    expect(sw.tags).not.toContain(`lebo-${m}`);

    const fr = await choices("/fr/blog");
    expect(fr.categories).toEqual(
      expect.arrayContaining([`OnlyEnglish-${m}`, `Untranslated-${m}`]),
    );
    expect(fr.categories).not.toContain(`Biashara-${m}`);
  });
});
