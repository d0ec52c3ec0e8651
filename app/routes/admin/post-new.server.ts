import { listTranslationChoices } from "~/domain/posts/admin.server";
import { editorAction } from "~/web/post-editor.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/post-new";

export async function loader(args: Route.LoaderArgs) {
  const choices = await listTranslationChoices(getSupabase(args.context));
  return { translationChoices: choices.ok ? choices.value : [] };
}

export function action(args: Route.ActionArgs) {
  return editorAction(args, "new");
}
