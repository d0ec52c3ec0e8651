import { data } from "react-router";
import { testimonials } from "~/content/testimonials";
import { latestPosts } from "~/domain/posts/queries.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { getSupabase } from "~/infra/session.server";
import { slideCount, slideFromParam } from "~/lib/carousel";
import type { Route } from "./+types/home";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const slide = slideFromParam(url.searchParams.get("slide"), slideCount(testimonials.length));
  try {
    const posts = await latestPosts(getSupabase(context));
    return data({ posts, postsFailed: false, slide }, { headers: publicCacheHeaders(request) });
  } catch (error) {
    console.error("home: latest posts failed", error);
    return data(
      { posts: [], postsFailed: true, slide },
      { headers: publicCacheHeaders(request, false) },
    );
  }
}
