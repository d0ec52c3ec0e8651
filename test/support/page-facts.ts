import { DomUtils, parseDocument } from "htmlparser2";

/** What a crawler reads in a page's HTML: its head's SEO tags and every URL it refers to. */
export interface PageFacts {
  lang: string;
  titles: string[];
  description: string | null;
  canonical: string | null;
  noindex: boolean;
  /** hreflang → absolute URL, from `<link rel="alternate" hreflang>`. */
  hreflang: Map<string, string>;
  jsonLd: unknown[];
  /** Every URL of href, src, srcset, poster and JSON-LD, absolute, without its #fragment. */
  urls: string[];
}

const URL_ATTRIBUTES = ["href", "src", "poster"];

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

function absolute(value: string, base: string): string | null {
  try {
    const url = new URL(value, base);
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

export function pageFacts(html: string, pageUrl: string): PageFacts {
  const document = parseDocument(html);
  const elements = DomUtils.findAll(() => true, document.children);
  const named = (name: string) => elements.filter((e) => e.name === name);
  const links = named("link");
  const meta = (name: string) =>
    named("meta").find((e) => e.attribs.name === name)?.attribs.content ?? null;
  const urls = new Set<string>();
  for (const element of elements) {
    const raw = [
      ...URL_ATTRIBUTES.map((a) => element.attribs[a]).filter((v): v is string => Boolean(v)),
      ...srcsetUrls(element.attribs.srcset ?? ""),
    ];
    for (const value of raw) {
      if (/^(mailto|tel|javascript|data):/i.test(value)) continue;
      const url = absolute(value, pageUrl);
      if (url) urls.add(url);
    }
  }
  const hreflang = new Map<string, string>();
  for (const link of links) {
    if (link.attribs.rel === "alternate" && link.attribs.hreflang) {
      hreflang.set(
        link.attribs.hreflang.toLowerCase(),
        absolute(link.attribs.href ?? "", pageUrl) ?? "",
      );
    }
  }
  const canonical = links.find((l) => l.attribs.rel === "canonical")?.attribs.href;
  const jsonLd = named("script")
    .filter((s) => s.attribs.type === "application/ld+json")
    .map((s) => JSON.parse(DomUtils.textContent(s)) as unknown);
  for (const { value } of jsonLd.flatMap(jsonLdUrls)) {
    const url = absolute(value, pageUrl);
    if (url) urls.add(url);
  }
  return {
    lang: named("html")[0]?.attribs.lang ?? "",
    titles: named("title").map((t) => DomUtils.textContent(t)),
    description: meta("description"),
    canonical: canonical ? absolute(canonical, pageUrl) : null,
    noindex: /noindex/.test(meta("robots") ?? ""),
    hreflang,
    jsonLd,
    urls: [...urls],
  };
}

/** The `<url>` entries of a sitemap: each `<loc>` with its `xhtml:link` alternates. */
export function sitemapEntries(xml: string): { loc: string; hreflang: Map<string, string> }[] {
  const document = parseDocument(xml, { xmlMode: true });
  return DomUtils.getElementsByTagName("url", document.children).map((entry) => {
    const loc = DomUtils.textContent(DomUtils.getElementsByTagName("loc", entry.children)[0]!);
    const hreflang = new Map<string, string>();
    for (const link of DomUtils.getElementsByTagName("xhtml:link", entry.children)) {
      hreflang.set((link.attribs.hreflang ?? "").toLowerCase(), link.attribs.href ?? "");
    }
    return { loc: loc.trim(), hreflang };
  });
}

/**
 * The URLs a JSON-LD block names (`url`, `mainEntityOfPage`, an Organization's `logo`), with
 * the node's type and whether it is the top node, for the checks of structured data.
 */
export function jsonLdUrls(
  block: unknown,
): { type: string; key: string; value: string; top: boolean }[] {
  const found: { type: string; key: string; value: string; top: boolean }[] = [];
  const visit = (node: unknown, top: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, top);
      return;
    }
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    const type = String(record["@type"] ?? "");
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === "string" && ["url", "mainEntityOfPage", "logo", "@id"].includes(key))
        found.push({ type, key, value, top });
      else if (typeof value === "object") visit(value, false);
    }
  };
  visit(block, true);
  return found;
}
