import { LOCALES, type Locale, localizePath } from "~/i18n/locale";
import { hreflangSet } from "./hreflang";

/** Escapes text for XML element content and attribute values. */
export function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) =>
    c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === "&" ? "&amp;" : c === "'" ? "&apos;" : "&quot;",
  );
}

/** The public pages listed in the sitemap besides the posts. */
export function staticSitemapPaths(serviceIds: string[]): string[] {
  return [
    "/",
    "/services",
    ...serviceIds.map((id) => `/services/${id}`),
    "/blog",
    "/contact",
    "/terms",
    "/privacy",
  ];
}

/** What the sitemap and the feed say of an article (a blog post summary has these and more). */
export interface FeedPost {
  id: number;
  lang?: Locale;
  date: string;
  title: string;
  excerpt: string;
  author: string;
  categories: { label: string }[];
}

/** A post's path in its own language and the paths of its translations (hreflang). */
export interface SitemapPost {
  post: FeedPost;
  alternates?: Partial<Record<Locale, string>>;
}

/**
 * Every public page in each language (static pages exist in all three), each `<url>` listing
 * its alternates (`xhtml:link rel="alternate" hreflang`, plus `x-default` = English), and every
 * published post at its own language's URL with the translations it has.
 */
export function sitemapXml(
  siteUrl: string,
  paths: string[],
  posts: (FeedPost | SitemapPost)[],
): string {
  const links = (alternates: Partial<Record<Locale, string>>) =>
    hreflangSet(alternates)
      .map(
        ([l, path]) =>
          `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(siteUrl + path)}"/>`,
      )
      .join("");
  const entry = (loc: string, lastmod?: string, alternates: Partial<Record<Locale, string>> = {}) =>
    `  <url><loc>${xmlEscape(siteUrl + loc)}</loc>${
      lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""
    }${links(alternates)}</url>`;
  const lines = [
    ...paths.flatMap((path) => {
      const alternates = Object.fromEntries(LOCALES.map((l) => [l, localizePath(path, l)]));
      return LOCALES.map((l) => entry(localizePath(path, l), undefined, alternates));
    }),
    ...posts.map((item) => {
      const { post, alternates } = "post" in item ? item : { post: item, alternates: {} };
      const loc = localizePath(`/blog/${post.id}`, post.lang ?? "en");
      return entry(loc, post.date ? new Date(post.date).toISOString() : undefined, alternates);
    }),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join("\n")}\n</urlset>\n`;
}

/** The channel of a language's feed (English by default, as the site always had it). */
export interface FeedChannel {
  locale: Locale;
  title: string;
  description: string;
}

export function rssXml(
  site: { siteUrl: string; brandName: string },
  posts: FeedPost[],
  channel: FeedChannel = {
    locale: "en",
    title: `${site.brandName} Blog`,
    description: `Articles from ${site.brandName} on websites, apps and digital marketing.`,
  },
): string {
  const blog = localizePath("/blog", channel.locale);
  const items = posts.map((post) => {
    const link = `${site.siteUrl}${localizePath(`/blog/${post.id}`, post.lang ?? "en")}`;
    const date = post.date ? new Date(post.date).toUTCString() : "";
    return [
      "    <item>",
      `      <title>${xmlEscape(post.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <description>${xmlEscape(post.excerpt)}</description>`,
      date ? `      <pubDate>${date}</pubDate>` : "",
      `      <author>${xmlEscape(post.author)}</author>`,
      ...post.categories.map((c) => `      <category>${xmlEscape(c.label)}</category>`),
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlEscape(channel.title)}</title>
    <link>${xmlEscape(`${site.siteUrl}${blog}`)}</link>
    <atom:link href="${xmlEscape(`${site.siteUrl}${blog}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${xmlEscape(channel.description)}</description>
    <language>${channel.locale}</language>
${items.join("\n")}
  </channel>
</rss>
`;
}
