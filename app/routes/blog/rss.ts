import { listPublishedPosts } from "~/domain/posts/queries.server";
import { PRIVATE_NO_STORE, PUBLIC_CACHE } from "~/infra/http-policy";
import { getSupabase } from "~/infra/session.server";
import { getSiteConfig } from "~/infra/site-config.server";
import { rssXml } from "~/lib/feeds";
import type { Route } from "./+types/rss";

/** RSS 2.0 feed of the published posts. */
export async function loader({ context }: Route.LoaderArgs) {
  try {
    const posts = await listPublishedPosts(getSupabase(context));
    return new Response(rssXml(getSiteConfig(), posts), {
      headers: {
        "Content-Type": "application/rss+xml; charset=utf-8",
        "Cache-Control": PUBLIC_CACHE,
      },
    });
  } catch (error) {
    console.error("rss: posts failed", error);
    return new Response("The feed is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE },
    });
  }
}
