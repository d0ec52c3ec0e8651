import { requireAdmin } from "~/infra/session.server";
import type { Route } from "./+types/post-edit";
import { editorAction, previewHtml, requirePost } from "./post-editor.server";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const post = await requirePost(args);
  const confirmDelete = args.url.searchParams.get("delete") === "1";
  return { post, confirmDelete, preview: confirmDelete ? "" : previewHtml(post.content) };
}

export function action(args: Route.ActionArgs) {
  return editorAction(args, "edit");
}
