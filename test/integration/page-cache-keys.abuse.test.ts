import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, localizePath } from "~/i18n/locale";
import { CACHE_CONTROL } from "~/infra/cache-policy";
import { CACHEABLE_PAGES, pageQuery, routeIdOf } from "~/lib/page-query";
import routes from "../../app/routes.ts";
import { routeLeaves } from "../support/route-table";
import { startTestSite, type TestSite } from "../support/site";

/**
 * Page-cache poisoning, against the production server. Every public page of the route config,
 * in every language and as its data request, is asked for with each parameter its loader reads
 * (app/lib/page-query.ts) and with one it does not: a parameterised answer must never reach
 * the clean URL, nor the clean answer a parameterised URL, and nothing a visitor may vary at will
 * (unknown parameters, other spellings of the path, junk route lists) may add a cache entry.
 */
const MB = 1024 * 1024;
/** Server time any answer may take (a render of the largest page takes ~15 ms). */
const TIME_BOUND_MS = 250;
/** Resident memory one answer may add to the server. */
const MEMORY_BOUND = 50 * MB;

interface Answer {
  status: number;
  cache: string | undefined;
  cacheControl: string | undefined;
  etag: string | undefined;
  body: string;
}

let site: TestSite;
let seq = 0;
const run = Date.now().toString(36);
/** A value no page contains, so finding it in a body proves where the body came from. */
const marker = () => `zq${run}x${++seq}mark`;

/**
 * `ask`, with the server's own time for the answer and the memory it added. An answer over a
 * bound is asked for again (twice at most) and the smallest figures count: a URL that is really
 * costly is costly every time, while a machine busy with other work is slow only now and then.
 */
async function measured(path: string): Promise<Answer & { ms: number; grew: number }> {
  let result = await measuredOnce(path);
  for (let again = 0; again < 2; again++) {
    if (result.ms < TIME_BOUND_MS && result.grew < MEMORY_BOUND) break;
    const next = await measuredOnce(path);
    result = { ...next, ms: Math.min(result.ms, next.ms), grew: Math.min(result.grew, next.grew) };
  }
  return result;
}

async function measuredOnce(path: string) {
  const seen = site.requests().length;
  const rss = site.rss();
  const answer = await ask(path);
  const grew = site.rss() - rss;
  // The server logs the request once its answer is sent: wait for that line.
  const deadline = Date.now() + 2000;
  while (site.requests().length === seen && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { ...answer, ms: site.requests().at(-1)?.ms ?? Number.NaN, grew };
}

async function ask(path: string, method = "GET"): Promise<Answer> {
  const response = await fetch(`${site.url}${path}`, { method, redirect: "manual" });
  const body = await response.text();
  return {
    status: response.status,
    cache: response.headers.get("x-cache") ?? undefined,
    cacheControl: response.headers.get("cache-control") ?? undefined,
    etag: response.headers.get("etag") ?? undefined,
    body,
  };
}

const withParam = (url: string, name: string, value: string) =>
  `${url}${url.includes("?") ? "&" : "?"}${new URLSearchParams({ [name]: value })}`;

/** The data request React Router's client makes for a page (`/` → `/_.data`). */
const dataUrlOf = (path: string) => (path.endsWith("/") ? `${path}_.data` : `${path}.data`);

/** Values for the route config's dynamic segments, tried in order until one answers 200. */
async function segmentSamples(): Promise<Record<string, string[]>> {
  const [posts, services] = await Promise.all([
    site.service.from("posts").select("id").eq("published", true).order("id"),
    publishedServiceIds(),
  ]);
  if (posts.error) throw new Error(posts.error.message);
  return { postId: posts.data.map((p) => String(p.id)), serviceId: services };
}

/** The slugs of the published services (the site's content, in the database). */
async function publishedServiceIds(): Promise<string[]> {
  const { data, error } = await site.service
    .from("services")
    .select("slug")
    .eq("published", true)
    .order("position");
  if (error) throw new Error(error.message);
  return data.map((row) => String(row.slug));
}

/**
 * Every URL of the route config the site writes (the config's own paths, and every English path
 * in Kiswahili and French as the site links it: `/sw/`), with its route module; dynamic segments
 * filled with a value that exists. HEAD requests only: nothing is stored on the way.
 */
async function siteUrls(): Promise<{ url: string; file: string }[]> {
  const samples = await segmentSamples();
  const found = new Map<string, string>();
  for (const route of routeLeaves(routes)) {
    const path = `/${route.path}`;
    if (path.endsWith("*")) continue;
    const spellings = route.path.match(/^(sw|fr)(\/|$)/)
      ? [path]
      : [path, ...LOCALES.map((l) => localizePath(path, l))];
    for (const spelling of spellings) {
      const names = [...spelling.matchAll(/:(\w+)/g)].map((m) => m[1] ?? "");
      let url = spelling.replace(/:(\w+)/g, (_, name: string) => samples[name]?.[0] ?? "1");
      if (names.length === 1 && samples[names[0] ?? ""]) {
        for (const value of samples[names[0] ?? ""] ?? []) {
          url = spelling.replace(/:\w+/, value);
          if ((await ask(url, "HEAD")).status === 200) break;
        }
      }
      found.set(url, route.file);
    }
  }
  return [...found].map(([url, file]) => ({ url, file }));
}

beforeAll(async () => {
  site = await startTestSite();
}, 60_000);
afterAll(async () => site?.stop());

describe("page-cache keys", () => {
  it("never serves a parameterised answer at the clean URL, nor the clean one at a parameterised URL, in any language", async () => {
    const started = performance.now();
    const urls = await siteUrls();
    const publicUrls: string[] = [];
    for (const { url, file } of urls) {
      const head = await ask(url, "HEAD");
      if (head.status !== 200 || head.cacheControl !== CACHE_CONTROL["public-cacheable"]) continue;
      publicUrls.push(url);
      if (!file.endsWith(".tsx")) continue;
      // Client navigations: the page's data, and (root unchanged) only the page route's data.
      const data = dataUrlOf(url);
      const found = pageQuery(url);
      publicUrls.push(data);
      if (found) publicUrls.push(withParam(data, "_routes", routeIdOf(found.page, found.locale)));
    }
    // The declaration and the route config agree: every public URL is a declared page (a page
    // left out would be rendered but never cached), and every declared page is public in every
    // language it has.
    for (const url of publicUrls) expect(pageQuery(url)?.canonical, url).toBe(url);
    const declared = Object.entries(CACHEABLE_PAGES).flatMap(([page, entry]) =>
      ("englishOnly" in entry ? ["en" as const] : LOCALES).map((l) => `${l} ${page}`),
    );
    const covered = new Set(
      publicUrls.map((url) => {
        const found = pageQuery(url);
        return `${found?.locale} ${found?.page}`;
      }),
    );
    expect([...covered].sort()).toEqual(declared.sort());

    // Every failed check is listed (not only the first) and counted.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
    };
    let requests = 0;
    let checks = 0;
    for (const clean of publicUrls) {
      const found = pageQuery(clean);
      if (!found) throw new Error(clean);
      const params = Object.entries(CACHEABLE_PAGES[found.page].params) as [string, string][];
      const value = (kind: string, n: number) => (kind === "number" ? String(n) : marker());
      const markers: string[] = [];

      // Parameterised first, twice (the second answer comes from the cache), then the clean URL.
      for (const [name, kind] of params) {
        const v = value(kind, 2);
        if (kind !== "number") markers.push(v);
        const url = withParam(clean, name, v);
        const first = await ask(url);
        check(first.status === 200, `${url}: ${first.status}`);
        // Keyed by what the page reads, a parameterised answer may be shared as before.
        check(
          first.cacheControl === CACHE_CONTROL["public-cacheable"],
          `${url}: Cache-Control ${first.cacheControl}`,
        );
        check((await ask(url)).cache === "HIT", `${url} was not cached`);
        // The clean URL's entry is still empty (a HEAD looks it up without storing anything).
        const head = await ask(clean, "HEAD");
        check(head.cache !== "HIT", `${clean} answered from the entry of ${url}`);
        requests += 4;
        checks++;
      }
      // A parameter the page does not read shares the clean entry, rendered as the clean URL.
      const unknown = marker();
      markers.push(unknown);
      const junkUrl = withParam(clean, "zz-unknown", unknown);
      const junk = await ask(junkUrl);
      check(junk.status === 200, `${junkUrl}: ${junk.status}`);
      check((await ask(junkUrl)).cache === "HIT", `${junkUrl} was not cached`);
      const answer = await ask(clean);
      requests += 3;
      checks++;
      check(
        answer.cache === "HIT" && answer.etag === junk.etag,
        `${clean} got an entry of its own`,
      );
      for (const m of markers) check(!answer.body.includes(m), `${clean} carries ${m}`);

      // The clean answer is cached now: a parameterised URL must still get its own answer.
      for (const [name, kind] of params) {
        const url = withParam(clean, name, value(kind, 3));
        const fresh = await ask(url);
        check(fresh.status === 200, `${url}: ${fresh.status}`);
        check(fresh.cache === "MISS", `${url} answered from the entry of ${clean}`);
        requests++;
        checks++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `page-cache poisoning: ${publicUrls.length} cacheable URLs (3 languages, pages and data requests), ${checks} checks in ${requests} requests, ${problems.length} failed, ${seconds.toFixed(1)} s`,
    );
    expect(problems).toEqual([]);
  }, 300_000);

  it("adds no cache entry for unknown parameters, other spellings or junk route lists", async () => {
    const [firstService] = await publishedServiceIds();
    const pages = LOCALES.flatMap((l) =>
      ["/", "/blog", "/contact", "/services", `/services/${firstService}`].map((p) =>
        localizePath(p, l),
      ),
    );
    // The popular answers, cached first: every variant below must share them or stay uncached.
    const canonical = new Map<string, string | undefined>();
    for (const page of pages) {
      const found = pageQuery(page);
      if (!found) throw new Error(page);
      const data = dataUrlOf(page);
      const routed = withParam(data, "_routes", routeIdOf(found.page, found.locale));
      for (const url of [page, data, routed]) {
        await ask(url);
        canonical.set(url, (await ask(url)).etag);
      }
    }

    /** Spellings React Router still matches: a letter upper-cased or escaped, slashes added. */
    const spellings = (path: string, i: number): string[] => {
      const slashes = [`/${path}`, ...(path.endsWith("/") ? [] : [`${path}/`])];
      const letters = [...path].flatMap((c, at) => (/[a-z]/.test(c) ? [at] : []));
      if (!letters.length) return slashes;
      const at = letters[i % letters.length] ?? 0;
      const spell = (c: string) => `${path.slice(0, at)}${c}${path.slice(at + 1)}`;
      const letter = path[at] ?? "";
      return [
        spell(letter.toUpperCase()),
        spell(`%${letter.charCodeAt(0).toString(16)}`),
        ...slashes,
      ];
    };
    const variants: { url: string; shares?: string }[] = [];
    for (let i = 0; variants.length < 1200; i++) {
      const page = pages[i % pages.length] ?? "/";
      const found = pageQuery(page);
      if (!found) throw new Error(page);
      const data = dataUrlOf(page);
      const id = routeIdOf(found.page, found.locale);
      variants.push(
        { url: withParam(page, `utm_${i}`, marker()), shares: page },
        { url: withParam(page, "page", `x${i}`), shares: page },
        { url: withParam(page, "category", ""), shares: page },
        {
          url: withParam(data, "_routes", `${id},junk-${i}`),
          shares: withParam(data, "_routes", id),
        },
        { url: withParam(data, "_routes", `junk-${i}`) },
        ...spellings(page, i).map((url) => ({ url })),
      );
    }

    const rss = site.rss();
    let slowest = 0;
    let mostMemory = 0;
    let shared = 0;
    let uncached = 0;
    for (const { url, shares } of variants) {
      const answer = await measured(url);
      slowest = Math.max(slowest, answer.ms);
      mostMemory = Math.max(mostMemory, answer.grew);
      expect(answer.ms, url).toBeLessThan(TIME_BOUND_MS);
      expect(answer.grew, url).toBeLessThan(MEMORY_BOUND);
      // "MISS" means a new entry was stored.
      expect(answer.cache, url).not.toBe("MISS");
      if (shares) {
        expect(answer.cache, url).toBe("HIT");
        expect(answer.etag, url).toBe(canonical.get(shares));
        shared++;
      } else {
        expect(answer.cache, url).toBeUndefined();
        uncached++;
      }
    }
    const grew = site.rss() - rss;
    // The popular answers were not crowded out.
    for (const [url, etag] of canonical) {
      const answer = await ask(url);
      expect(answer.cache, url).toBe("HIT");
      expect(answer.etag, url).toBe(etag);
    }
    console.log(
      `page-cache amplification: ${variants.length} variant URLs over ${pages.length} pages in 3 languages, 0 new entries (${shared} served from the page's own entry, ${uncached} rendered uncached), slowest ${slowest.toFixed(1)} ms of server time, at most +${(mostMemory / MB).toFixed(1)} MB RSS for one answer (+${(grew / MB).toFixed(0)} MB in all, V8's heap growing with renders)`,
    );
  }, 300_000);
});
