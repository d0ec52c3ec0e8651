import { services } from "~/content/services";
import { getSupabase } from "~/lib/auth.server";
import { PRIVATE_NO_STORE, PUBLIC_CACHE } from "~/lib/cache-control";
import { sitemapXml, staticSitemapPaths } from "~/lib/feeds";
import { listPublishedPosts } from "~/lib/posts.server";
import { getSiteConfig } from "~/lib/site-config.server";
import type { Route } from "./+types/sitemap";

/** Static public routes plus every published post. */
export async function loader({ context }: Route.LoaderArgs) {
  const paths = staticSitemapPaths(services.map((s) => s.id));
  try {
    const posts = await listPublishedPosts(getSupabase(context));
    return new Response(sitemapXml(getSiteConfig().siteUrl, paths, posts), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": PUBLIC_CACHE },
    });
  } catch (error) {
    console.error("sitemap: posts failed", error);
    return new Response("The sitemap is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE },
    });
  }
}
