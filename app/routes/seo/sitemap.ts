import { listPublishedPosts, postPath, translationsOf } from "~/domain/posts/queries.server";
import { siteContent } from "~/domain/site/snapshot.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { siteUrl } from "~/infra/env.server";
import { sitemapXml, staticSitemapPaths } from "~/lib/feeds";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/sitemap";

/**
 * Static public routes in every language (the published services at their current slugs, the
 * published legal documents) plus every published post, with their alternates.
 */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const [site, all] = await Promise.all([
      siteContent("en"),
      listPublishedPosts(getSupabase(context)),
    ]);
    const paths = staticSitemapPaths(site.services.map((s) => s.id)).filter(
      (path) =>
        (path !== "/terms" || site.legal.terms) && (path !== "/privacy" || site.legal.privacy),
    );
    const posts = all.map((post) => ({
      post,
      alternates: Object.fromEntries(
        Object.entries(translationsOf(post, all)).map(([l, p]) => [l, postPath(p)]),
      ),
    }));
    return new Response(sitemapXml(siteUrl(), paths, posts), {
      headers: { "Content-Type": "application/xml; charset=utf-8", ...cacheHeaders("feed") },
    });
  } catch (error) {
    console.error("sitemap: posts or site content failed", error);
    return new Response("The sitemap is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeaders("private") },
    });
  }
}
