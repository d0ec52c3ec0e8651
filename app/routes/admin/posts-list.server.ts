import { listAllPosts } from "~/domain/posts/admin.server";
import { getSupabase, requireAdmin } from "~/web/session.server";
import type { Route } from "./+types/posts-list";

export async function loader(args: Route.LoaderArgs) {
  // At once: a non-admin is redirected whatever the list answered (RLS hides drafts anyway).
  const [, result] = await Promise.all([
    requireAdmin(args),
    listAllPosts(getSupabase(args.context)),
  ]);
  return result.ok ? { posts: result.value, error: null } : { posts: [], error: result.message };
}
