import type { MetaDescriptor } from "react-router";
import { fallbackSiteConfig, type SiteConfig } from "./site-config";

interface PageMeta {
  /** Page title without the brand (e.g. "Contact"); omit for the home page. */
  title?: string;
  description: string;
  /** Path of the canonical URL, e.g. "/blog/3". */
  path: string;
  /** Absolute or site path of the social-card image. */
  image?: string;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noindex?: boolean;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site config from the root route's loader data, as seen by a route's `meta`. */
export function siteFromMatches(matches: MatchLike[]): SiteConfig {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { site?: SiteConfig }
    | undefined;
  return root?.site ?? fallbackSiteConfig;
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD for a page. */
export function pageMeta(matches: MatchLike[], page: PageMeta): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const title = page.title
    ? `${page.title} | ${site.brandName}`
    : `${site.brandName} — Digital solutions for African businesses`;
  const url = `${site.siteUrl}${page.path}`;
  const image = page.image
    ? new URL(page.image, site.siteUrl).href
    : `${site.siteUrl}/images/og-default.png`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brandName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}
