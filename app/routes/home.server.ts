import { data } from "react-router";
import { homeWorkIn, serviceCardsIn, teamCardsIn } from "~/content/localized.server";
import { testimonials } from "~/content/testimonials";
import { listPublishedPosts, postsIn } from "~/domain/posts/queries.server";
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
  "contact",
  "services.title",
  "services.intro",
  "services.learnMore",
  "blog.readTime",
  "blog.readTimeText",
  "common.inEnglish",
  "meta.homeDescription",
];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const slide = slideFromParam(pageParams(url).get("slide"), slideCount(testimonials.length));
  const { locale, i18n } = pageI18n(url, HOME_MESSAGES);
  const content = {
    services: serviceCardsIn(locale),
    work: homeWorkIn(locale),
    team: teamCardsIn(locale),
    testimonials,
    i18n,
  };
  try {
    const posts = postsIn(await listPublishedPosts(getSupabase(context)), locale).slice(0, 3);
    return data(
      { ...content, posts, postsFailed: false, slide },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    console.error("home: latest posts failed", error);
    return data(
      { ...content, posts: [], postsFailed: true, slide },
      { headers: publicCacheHeaders(request, false) },
    );
  }
}
