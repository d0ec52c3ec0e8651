/**
 * What an outside crawler sees: from `/`, `/sw/`, `/fr/` and the sitemap, every same-origin link
 * and asset of the production server, anonymous. Fails on an answer ≥ 400, on a canonical or
 * structured-data URL that is not the page's own, on hreflang sets that do not point back at
 * each other, on a sitemap entry whose alternates differ from its page's, on a description
 * outside 50–160 characters and on two pages of one language with the same title.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Locale, localizePath } from "~/i18n/locale";
import { DESCRIPTION_MAX, DESCRIPTION_MIN } from "~/lib/seo";
import { codePointLength } from "~/lib/text";
import { crawl, type Visit } from "../support/crawler";
import { jsonLdUrls } from "../support/page-facts";
import { startTestSite, type TestSite } from "../support/site";

/** ~15 s for ~1000 URLs on a quiet machine; room for a CI runner sharing its 2 cores. */
const CRAWL_BOUND_MS = 90_000;

let site: TestSite;
let visits: Map<string, Visit>;
let crawlMs = 0;

beforeAll(async () => {
  site = await startTestSite();
  const started = performance.now();
  visits = await crawl(site.url, ["/", "/sw/", "/fr/", "/sitemap.xml"]);
  crawlMs = performance.now() - started;
  console.log(`[site-crawl] ${visits.size} URLs in ${(crawlMs / 1000).toFixed(1)} s`);
}, CRAWL_BOUND_MS + 60_000);
afterAll(async () => site?.stop());

const pages = () =>
  [...visits.values()].filter((v): v is Visit & { page: NonNullable<Visit["page"]> } =>
    Boolean(v.page),
  );
const indexable = () => pages().filter((v) => !v.page.noindex);
const same = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([lang, url]) => b.get(lang) === url);
const show = (m: Map<string, string>) =>
  JSON.stringify(Object.fromEntries([...m].map(([l, u]) => [l, new URL(u).pathname])));

/**
 * Whether `canonical` is the page's own URL: the page itself, the page without its filters
 * (`/blog?category=…` → `/blog`), or, for an English post not translated yet and shown on a
 * Kiswahili or French page (`/sw/blog/2`), the English original it shows.
 */
function ownCanonical(url: string, canonical: string) {
  if (canonical === url) return true;
  const [page, target] = [new URL(url), new URL(canonical)];
  if (page.search && page.pathname === target.pathname) return true;
  const post = /^\/(?:sw|fr)\/blog\/(\d+)$/.exec(page.pathname);
  return Boolean(post && target.pathname === `/blog/${post[1]}` && !target.search);
}

it("reaches the whole public site within its time bound", () => {
  expect(pages().length).toBeGreaterThan(60);
  expect(crawlMs).toBeLessThan(CRAWL_BOUND_MS);
});

it("finds no link or asset answering 400 or more", () => {
  const broken = [...visits.values()]
    .filter((v) => v.status >= 400 || v.status === 0)
    .map((v) => `${v.status} ${v.url} (from ${v.from})`);
  expect(broken).toEqual([]);
});

it("gives every indexable page a canonical URL that is its own and canonical itself", () => {
  const wrong: string[] = [];
  for (const { url, page } of indexable()) {
    if (!page.canonical || !ownCanonical(url, page.canonical)) {
      wrong.push(`${url}: canonical ${page.canonical}`);
      continue;
    }
    const target = visits.get(page.canonical)?.page;
    if (target?.canonical !== page.canonical)
      wrong.push(`${url}: canonical ${page.canonical} is not canonical itself`);
  }
  expect(wrong).toEqual([]);
});

it("names only the page's own canonical URL in its structured data, its logo on every organization", () => {
  const wrong: string[] = [];
  let checked = 0;
  for (const { url, page } of indexable()) {
    const home = `${site.url}${localizePath("/", page.lang as Locale)}`;
    for (const block of page.jsonLd) {
      const found = jsonLdUrls(block);
      for (const { type, key, value, top } of found) {
        checked++;
        if (key === "logo") continue;
        const expected = type === "Organization" ? home : page.canonical;
        if (top && type !== "Organization" && value !== page.canonical)
          wrong.push(`${url}: ${type}.${key} ${value}, canonical ${page.canonical}`);
        else if (type === "Organization" && value !== expected)
          wrong.push(`${url}: ${top ? "" : "nested "}Organization.${key} ${value} ≠ ${expected}`);
      }
      const organizations = found.filter((f) => f.type === "Organization" && f.key === "url");
      const logos = found.filter((f) => f.type === "Organization" && f.key === "logo");
      if (logos.length !== organizations.length) wrong.push(`${url}: an Organization has no logo`);
    }
  }
  expect(checked).toBeGreaterThan(100);
  expect(wrong).toEqual([]);
});

it("describes every service and post, in every language, at its own URL", () => {
  const sitemap = visits.get(`${site.url}/sitemap.xml`)?.sitemap ?? [];
  const details = sitemap.filter((e) => /\/(services|blog)\/[^/]+$/.test(e.loc));
  const missing = details.filter(({ loc }) => {
    const blocks = (visits.get(loc)?.page?.jsonLd ?? []) as Record<string, unknown>[];
    return !blocks.some((b) => b.url === loc || b.mainEntityOfPage === loc);
  });
  // 8 services and 8 posts (6 English, a Kiswahili and a French translation).
  expect(details.filter((e) => e.loc.includes("/services/"))).toHaveLength(24);
  expect(details.filter((e) => e.loc.includes("/blog/"))).toHaveLength(8);
  expect(missing.map((e) => e.loc)).toEqual([]);
});

it("lists reciprocal hreflang sets: each page names itself and every alternate names the same set", () => {
  const wrong: string[] = [];
  for (const { url, page } of indexable()) {
    if (page.hreflang.size === 0) continue;
    if (!page.hreflang.has("x-default"))
      wrong.push(`${url}: no x-default in ${show(page.hreflang)}`);
    if (page.hreflang.get(page.lang) !== page.canonical)
      wrong.push(`${url}: hreflang ${page.lang} is not its canonical ${page.canonical}`);
    for (const alternate of new Set(page.hreflang.values())) {
      const other = visits.get(alternate)?.page;
      if (!other || !same(other.hreflang, page.hreflang))
        wrong.push(
          `${url} ${show(page.hreflang)} ≠ ${alternate} ${show(other?.hreflang ?? new Map())}`,
        );
    }
  }
  expect(wrong).toEqual([]);
});

it("gives each sitemap entry the alternates its page lists, at its canonical URL", () => {
  const sitemap = visits.get(`${site.url}/sitemap.xml`)?.sitemap ?? [];
  expect(sitemap.length).toBeGreaterThan(40);
  const wrong: string[] = [];
  for (const entry of sitemap) {
    const page = visits.get(entry.loc)?.page;
    if (!page) wrong.push(`${entry.loc}: no page`);
    else if (page.canonical !== entry.loc) wrong.push(`${entry.loc}: canonical ${page.canonical}`);
    else if (!same(page.hreflang, entry.hreflang))
      wrong.push(`${entry.loc}: page ${show(page.hreflang)}, sitemap ${show(entry.hreflang)}`);
  }
  expect(wrong).toEqual([]);
});

it(`gives every page one title and a description of ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters`, () => {
  const wrong: string[] = [];
  for (const { url, page } of pages()) {
    if (page.titles.length !== 1) wrong.push(`${url}: ${page.titles.length} titles`);
    const length = codePointLength(page.description ?? "");
    if (
      (page.description !== null || !page.noindex) &&
      (length < DESCRIPTION_MIN || length > DESCRIPTION_MAX)
    )
      wrong.push(`${url}: description of ${length}: ${page.description}`);
  }
  expect(wrong).toEqual([]);
});

it("never gives two pages of one language the same title", () => {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const { url, page } of indexable()) {
    if (page.canonical !== url) continue;
    const key = `${page.lang} ${page.titles[0]}`;
    const first = seen.get(key);
    if (first) duplicates.push(`${key}: ${first} and ${url}`);
    else seen.set(key, url);
  }
  expect(seen.size).toBeGreaterThan(50);
  expect(duplicates).toEqual([]);
});
