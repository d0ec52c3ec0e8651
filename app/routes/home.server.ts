import { data } from "react-router";
import { latestPublished } from "~/domain/posts/blog-reads.server";
import { termLabels } from "~/domain/posts/taxonomy";
import { withLabels } from "~/domain/posts/taxonomy.server";
import type { Locale } from "~/i18n/locale";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { slideCount, slideFromParam } from "~/lib/carousel";
import { pageParams } from "~/lib/page-query";
import { pageContent } from "~/web/page-content.server";
import { getSupabase } from "~/web/session.server";
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

/** The three newest posts of `locale`'s blog, their categories labelled in it. */
async function latestPosts(context: Route.LoaderArgs["context"], locale: Locale) {
  try {
    const { posts, taxonomy } = await latestPublished(() => getSupabase(context), locale, 3);
    const labels = termLabels(taxonomy, locale);
    return { posts: posts.map((post) => withLabels(post, labels)), postsFailed: false };
  } catch (error) {
    console.error("home: latest posts failed", error);
    return { posts: [], postsFailed: true };
  }
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, HOME_MESSAGES);
  const [site, latest] = await Promise.all([pageContent(locale), latestPosts(context, locale)]);
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
      posts: latest.posts,
      postsFailed: latest.postsFailed,
      slide,
    },
    { headers: publicCacheHeaders(request, !latest.postsFailed) },
  );
}
