import { type PageFacts, pageFacts, sitemapEntries } from "./page-facts";

/** One URL the crawler asked for, and what answered. */
export interface Visit {
  url: string;
  /** The first page that linked to it (or "start"). */
  from: string;
  status: number;
  /** Same-origin redirect target, absolute. */
  location?: string;
  /** Parsed when the answer is a 200 HTML page. */
  page?: PageFacts;
  /** The HTML of a 200 HTML page. */
  html?: string;
  /** Parsed when the answer is the sitemap. */
  sitemap?: ReturnType<typeof sitemapEntries>;
}

/**
 * Follows every same-origin URL (links, assets, redirects, sitemap entries and their
 * alternates) from `starts`, `concurrency` requests at a time, as an anonymous visitor unless
 * `cookie` says otherwise, and only into the paths `follow` accepts. Throws past `maxUrls`: a
 * crawl that never ends is a defect of its own (URLs that multiply).
 */
export async function crawl(
  origin: string,
  starts: string[],
  {
    maxUrls = 3000,
    concurrency = 4,
    cookie = "",
    follow = (_url: URL) => true,
  }: {
    maxUrls?: number;
    concurrency?: number;
    cookie?: string;
    follow?: (url: URL) => boolean;
  } = {},
): Promise<Map<string, Visit>> {
  const visits = new Map<string, Visit>();
  const queue: { url: string; from: string }[] = [];
  const add = (raw: string, from: string) => {
    const url = new URL(raw, origin);
    url.hash = "";
    if (url.origin !== origin || !follow(url)) return;
    if (visits.has(url.href) || queue.some((q) => q.url === url.href)) return;
    if (visits.size + queue.length >= maxUrls) throw new Error(`more than ${maxUrls} URLs`);
    queue.push({ url: url.href, from });
  };
  for (const start of starts) add(start, "start");
  const visit = async ({ url, from }: { url: string; from: string }) => {
    const response = await fetch(url, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
    const record: Visit = { url, from, status: response.status };
    visits.set(url, record);
    const type = response.headers.get("content-type") ?? "";
    const location = response.headers.get("location");
    if (location) {
      record.location = new URL(location, url).href;
      add(record.location, url);
    }
    if (response.status === 200 && type.startsWith("text/html")) {
      record.html = await response.text();
      record.page = pageFacts(record.html, url);
      for (const link of record.page.urls) add(link, url);
    } else if (response.status === 200 && new URL(url).pathname === "/sitemap.xml") {
      record.sitemap = sitemapEntries(await response.text());
      for (const entry of record.sitemap) {
        add(entry.loc, url);
        for (const alternate of entry.hreflang.values()) add(alternate, url);
      }
    } else {
      await response.arrayBuffer();
    }
  };
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      visits.set(next.url, { url: next.url, from: next.from, status: 0 });
      await visit(next);
    }
  };
  // Workers stop when the queue is empty even though another one may still add to it: go
  // again until a round finds nothing left.
  while (queue.length > 0) await Promise.all(Array.from({ length: concurrency }, worker));
  return visits;
}
