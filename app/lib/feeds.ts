import type { PostSummary } from "~/domain/posts/types";

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

export function sitemapXml(siteUrl: string, paths: string[], posts: PostSummary[]): string {
  const entry = (loc: string, lastmod?: string) =>
    `  <url><loc>${xmlEscape(siteUrl + loc)}</loc>${
      lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : ""
    }</url>`;
  const lines = [
    ...paths.map((path) => entry(path)),
    ...posts.map((post) =>
      entry(`/blog/${post.id}`, post.date ? new Date(post.date).toISOString() : undefined),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join("\n")}\n</urlset>\n`;
}

export function rssXml(site: { siteUrl: string; brandName: string }, posts: PostSummary[]): string {
  const items = posts.map((post) => {
    const link = `${site.siteUrl}/blog/${post.id}`;
    const date = post.date ? new Date(post.date).toUTCString() : "";
    return [
      "    <item>",
      `      <title>${xmlEscape(post.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <description>${xmlEscape(post.excerpt)}</description>`,
      date ? `      <pubDate>${date}</pubDate>` : "",
      `      <author>${xmlEscape(post.author)}</author>`,
      ...post.categories.map((c) => `      <category>${xmlEscape(c)}</category>`),
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${xmlEscape(`${site.brandName} Blog`)}</title>
    <link>${xmlEscape(`${site.siteUrl}/blog`)}</link>
    <atom:link href="${xmlEscape(`${site.siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${xmlEscape(`Articles from ${site.brandName} on websites, apps and digital marketing.`)}</description>
    <language>en</language>
${items.join("\n")}
  </channel>
</rss>
`;
}
