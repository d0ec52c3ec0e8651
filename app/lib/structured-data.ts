import { officesWithAddress, type SiteConfig } from "./site-config";

/**
 * The page a JSON-LD block describes, as app/lib/seo.ts computes it: its canonical URL and the
 * home page in its language. Every URL in the block is one of these (or an image), so structured
 * data never points at another language's page or at another post.
 */
export interface StructuredPage {
  site: SiteConfig;
  /** The page's canonical URL. */
  url: string;
  /** The home page in the page's language: the organization's own URL. */
  home: string;
}

export type JsonLd = Record<string, unknown>;

/** The agency as a nested node (a service's provider, a post's publisher): name, URL, logo. */
function organizationRef({ site, home }: StructuredPage): JsonLd {
  return {
    "@type": "Organization",
    name: site.brandName,
    url: home,
    logo: `${site.siteUrl}/logo.svg`,
  };
}

/** schema.org JSON-LD for the home page, service pages and posts (plain objects). */
export function organizationJsonLd(page: StructuredPage): JsonLd {
  const { site } = page;
  return {
    "@context": "https://schema.org",
    ...organizationRef(page),
    email: site.email,
    telephone: site.phone?.e164,
    address: site.cities.map((city) => ({
      "@type": "PostalAddress",
      streetAddress: officesWithAddress(site).find((office) => office.city === city)?.address,
      addressLocality: city,
      addressCountry: "KE",
    })),
  };
}

export function serviceJsonLd(service: {
  title: string;
  description: string;
}): (page: StructuredPage) => JsonLd {
  return (page) => ({
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.title,
    description: service.description,
    serviceType: service.title,
    url: page.url,
    areaServed: "Africa",
    provider: organizationRef(page),
  });
}

/** What a BlogPosting says of an article (a blog post has these and more). */
export interface StructuredArticle {
  title: string;
  excerpt: string;
  date: string;
  coverImage: string | null;
  author: string;
  tags: { label: string }[];
}

export function blogPostingJsonLd(post: StructuredArticle): (page: StructuredPage) => JsonLd {
  return (page) => ({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    image: post.coverImage ? new URL(post.coverImage, page.site.siteUrl).href : undefined,
    author: { "@type": "Person", name: post.author },
    publisher: organizationRef(page),
    mainEntityOfPage: page.url,
    keywords: post.tags.map((tag) => tag.label).join(", "),
  });
}
