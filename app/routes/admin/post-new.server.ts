import { listTranslationChoices } from "~/domain/posts/admin.server";
import { editorAction, editorI18n } from "~/web/post-editor.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/post-new";

export async function loader(args: Route.LoaderArgs) {
  const choices = await listTranslationChoices(getSupabase(args.context));
  const { i18n } = editorI18n(args.request);
  return { translationChoices: choices.ok ? choices.value : [], i18n };
}

export function action(args: Route.ActionArgs) {
  return editorAction(args, "new");
}
