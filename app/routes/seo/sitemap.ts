import { services } from "~/content/services";
import { listPublishedPosts, postPath, translationsOf } from "~/domain/posts/queries.server";
import { PRIVATE_NO_STORE, PUBLIC_CACHE } from "~/infra/http-policy";
import { getSupabase } from "~/infra/session.server";
import { getSiteConfig } from "~/infra/site-config.server";
import { sitemapXml, staticSitemapPaths } from "~/lib/feeds";
import type { Route } from "./+types/sitemap";

/** Static public routes in every language plus every published post, with their alternates. */
export async function loader({ context }: Route.LoaderArgs) {
  const paths = staticSitemapPaths(services.map((s) => s.id));
  try {
    const all = await listPublishedPosts(getSupabase(context));
    const posts = all.map((post) => ({
      post,
      alternates: Object.fromEntries(
        Object.entries(translationsOf(post, all)).map(([l, p]) => [l, postPath(p)]),
      ),
    }));
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
