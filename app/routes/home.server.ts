import { data } from "react-router";
import { withCovers } from "~/domain/media/details.server";
import { listPublishedPosts, postsIn } from "~/domain/posts/queries.server";
import { pageContent } from "~/domain/site/snapshot.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { pageParams } from "~/infra/page-query";
import { getSupabase } from "~/infra/session.server";
import { slideCount, slideFromParam } from "~/lib/carousel";
import type { Route } from "./+types/home";

/** The messages of the home page's sections (the shell's come from the root). */
const HOME_MESSAGES = [
  "home",
  "chat",
  "siteContent.chat",
  "contact",
  "services.title",
  "services.intro",
  "services.learnMore",
  "blog.readTime",
  "blog.readTimeText",
  "common.inEnglish",
  "meta.homeDescription",
];

async function latestPosts(context: Route.LoaderArgs["context"]) {
  try {
    return { posts: await listPublishedPosts(getSupabase(context)), postsFailed: false };
  } catch (error) {
    console.error("home: latest posts failed", error);
    return { posts: [], postsFailed: true };
  }
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, HOME_MESSAGES);
  const [site, latest] = await Promise.all([pageContent(locale), latestPosts(context)]);
  const slide = slideFromParam(pageParams(url).get("slide"), slideCount(site.testimonials.length));
  return data(
    {
      services: site.serviceCards,
      work: site.work,
      team: site.teamCards,
      testimonials: site.testimonials,
      heroFigures: site.heroFigures,
      aboutFigures: site.aboutFigures,
      chat: site.chatLinks,
      i18n,
      posts: await withCovers(getSupabase(context), postsIn(latest.posts, locale).slice(0, 3)),
      postsFailed: latest.postsFailed,
      slide,
    },
    { headers: publicCacheHeaders(request, !latest.postsFailed) },
  );
}
