import { listAllPosts } from "~/domain/posts/admin.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/posts-list";

export async function loader(args: Route.LoaderArgs) {
  const result = await listAllPosts(getSupabase(args.context));
  return result.ok ? { posts: result.value, error: null } : { posts: [], error: result.message };
}
