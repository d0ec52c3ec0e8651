import { cacheHeaders } from "~/infra/cache-policy";
import { siteUrl } from "~/infra/env.server";

/** Crawlers: everything public; not the account and admin areas. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /profile",
    "Disallow: /language",
    "Disallow: /sw/dashboard",
    "Disallow: /sw/profile",
    "Disallow: /fr/dashboard",
    "Disallow: /fr/profile",
    "",
    `Sitemap: ${siteUrl()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeaders("feed") },
  });
}
