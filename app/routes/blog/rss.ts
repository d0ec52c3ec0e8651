import { listPublishedPosts } from "~/domain/posts/queries.server";
import { termLabels } from "~/domain/posts/taxonomy";
import { loadTaxonomy, withLabels } from "~/domain/posts/taxonomy.server";
import { getSiteConfig } from "~/domain/site/config.server";
import { localeOf } from "~/i18n/page.server";
import { translate } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { rssXml } from "~/lib/feeds";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/rss";

/** RSS 2.0 feed of the published posts written in the feed's language (/blog, /sw/blog, /fr/blog). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const locale = localeOf(url);
  try {
    const supabase = getSupabase(context);
    const [all, taxonomy] = await Promise.all([
      listPublishedPosts(supabase),
      loadTaxonomy(supabase),
    ]);
    const labels = termLabels(taxonomy, locale);
    const site = await getSiteConfig(locale);
    const brand = { brand: site.brandName };
    const xml = rssXml(
      site,
      all.filter((post) => (post.lang ?? "en") === locale).map((post) => withLabels(post, labels)),
      {
        locale,
        title: translate(locale, "blog.feedTitle", brand),
        description: translate(locale, "blog.feedDescription", brand),
      },
    );
    return new Response(xml, {
      headers: {
        "Content-Type": "application/rss+xml; charset=utf-8",
        ...cacheHeaders("feed"),
      },
    });
  } catch (error) {
    console.error("rss: posts failed", error);
    return new Response("The feed is temporarily unavailable.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeaders("private") },
    });
  }
}
