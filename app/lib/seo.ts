import type { MetaDescriptor } from "react-router";
import { LOCALES, type Locale, localizePath } from "~/i18n/locale";
import { translatorFrom } from "~/i18n/use-t";
import { ANSWER_HAS_ERRORS } from "./form-reply";
import { hreflangSet } from "./hreflang";
import { fallbackSiteConfig, type SiteConfig } from "./site-config";
import type { JsonLd, StructuredPage } from "./structured-data";
import { clipCodePoints, codePointLength } from "./text";

interface PageMeta {
  /** Page title without the brand (e.g. "Contact"); omit for the home page. */
  title?: string;
  description: string;
  /** English path of the page, e.g. "/blog/3"; the page's language prefixes it. */
  path: string;
  /**
   * The page's path in each language that has it (default: the same path in all three). Posts
   * pass their translations only; the canonical URL is the entry of the page's own language.
   */
  alternates?: Partial<Record<Locale, string>>;
  /** Absolute or site path of the social-card image. */
  image?: string;
  /** Its alt text (og:image:alt); none for a decorative image. */
  imageAlt?: string;
  type?: "website" | "article";
  /** The page's structured data, made from its canonical URL (app/lib/structured-data.ts). */
  jsonLd?: (page: StructuredPage) => JsonLd;
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

/** Whether the page shows an action's answer with errors (app/components/forms/error-title.tsx). */
function answerHasErrors(matches: MatchLike[]): boolean {
  const root = matches.find((m) => m?.id === "root")?.loaderData as Record<string, unknown> | null;
  return root?.[ANSWER_HAS_ERRORS] === true;
}

const OG_LOCALE: Record<Locale, string> = { en: "en_US", sw: "sw_KE", fr: "fr_FR" };

/** `<link rel="alternate" hreflang>` for each language of the page, and `x-default`. */
function alternateLinks(siteUrl: string, alternates: Partial<Record<Locale, string>>) {
  return hreflangSet(alternates).map(
    ([hrefLang, path]): MetaDescriptor => ({
      tagName: "link",
      rel: "alternate",
      hrefLang,
      href: `${siteUrl}${path}`,
    }),
  );
}

/** The blog's RSS feed in the page's language, for feed readers' autodiscovery. */
function feedLink(site: SiteConfig, t: ReturnType<typeof translatorFrom>): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: t("blog.feedTitle", { brand: site.brandName }),
    href: `${site.siteUrl}${t.path("/blog/rss.xml")}`,
  };
}

export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 160;

/**
 * A meta description search engines show whole: at most 160 characters (code points, never half
 * an emoji), cut on a word boundary
 * with "…" (a long post excerpt, a service's text and price); under 50, completed with the
 * site's own description (a short excerpt says too little on its own).
 */
export function fitDescription(text: string, filler: string): string {
  let description = text.replace(/\s+/g, " ").trim();
  if (codePointLength(description) < DESCRIPTION_MIN) {
    description = description ? `${description.replace(/[.!?…]*$/, "")}. ${filler}` : filler;
  }
  if (codePointLength(description) <= DESCRIPTION_MAX)
    return clipCodePoints(description, DESCRIPTION_MAX);
  const cut = clipCodePoints(description, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DESCRIPTION_MIN ? cut.slice(0, space) : cut).replace(/[\s,;:.—–-]+$/, "")}…`;
}

const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * Title, description, canonical URL, hreflang alternates, Open Graph, Twitter card, JSON-LD and
 * (indexable pages) the blog feed for a page, in the page's language.
 */
export function pageMeta(matches: MatchLike[], page: PageMeta): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  const t = translatorFrom(matches);
  const named = page.title
    ? `${page.title} | ${site.brandName}`
    : t("meta.homeTitle", { brand: site.brandName });
  // GOV.UK's pattern: a page showing an answer with errors says so first in its title.
  const title = answerHasErrors(matches) ? t("errors.pageTitle", { title: named }) : named;
  // The admin's pages have one address in every language (the admin's language is a cookie):
  // no other-language alternates, and the canonical URL is that address.
  const alternates = isAdminPath(page.path)
    ? { [t.locale]: page.path }
    : (page.alternates ??
      Object.fromEntries(LOCALES.map((l) => [l, localizePath(page.path, l)] as const)));
  // A page in one language only (an untranslated post) is canonical in that language.
  const own = alternates[t.locale] ?? Object.values(alternates)[0] ?? page.path;
  const url = `${site.siteUrl}${own}`;
  const image = page.image
    ? new URL(page.image, site.siteUrl).href
    : `${site.siteUrl}/images/og-default.png`;
  const description = fitDescription(page.description, t("meta.homeDescription"));
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternateLinks(site.siteUrl, alternates),
    { property: "og:locale", content: OG_LOCALE[t.locale] },
    { property: "og:site_name", content: site.brandName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: named },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: named },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  if (page.image && page.imageAlt) {
    tags.push(
      { property: "og:image:alt", content: page.imageAlt },
      { name: "twitter:image:alt", content: page.imageAlt },
    );
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push(feedLink(site, t));
  if (page.jsonLd) {
    const home = `${site.siteUrl}${t.path("/")}`;
    tags.push({ "script:ld+json": page.jsonLd({ site, url, home }) });
  }
  return tags;
}
