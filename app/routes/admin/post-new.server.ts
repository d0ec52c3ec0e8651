import { requireAdmin } from "~/infra/session.server";
import type { Route } from "./+types/post-new";
import { editorAction } from "./post-editor.server";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export function action(args: Route.ActionArgs) {
  return editorAction(args, "new");
}
