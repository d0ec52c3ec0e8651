import type { BlogPost } from "~/domain/posts/types";
import type { LocalService } from "~/domain/site/localize.server";
import type { SiteConfig } from "./site-config";

/** schema.org JSON-LD for the home page, service pages and posts (plain objects). */
export function organizationJsonLd(site: SiteConfig): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.brandName,
    url: site.siteUrl,
    logo: `${site.siteUrl}/logo.svg`,
    email: site.email,
    telephone: site.phone,
    address: site.cities.map((city) => ({
      "@type": "PostalAddress",
      addressLocality: city,
      addressCountry: "KE",
    })),
  };
}

export function serviceJsonLd(
  site: SiteConfig,
  service: Pick<LocalService, "id" | "title" | "description">,
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    description: service.description,
    serviceType: service.title,
    url: `${site.siteUrl}/services/${service.id}`,
    areaServed: "Africa",
    provider: { "@type": "Organization", name: site.brandName, url: site.siteUrl },
  };
}

export function blogPostingJsonLd(site: SiteConfig, post: BlogPost): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    image: post.coverImage ? new URL(post.coverImage, site.siteUrl).href : undefined,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: site.brandName, url: site.siteUrl },
    mainEntityOfPage: `${site.siteUrl}/blog/${post.id}`,
    keywords: post.tags.map((tag) => tag.label).join(", "),
  };
}
