import { listTranslationChoices } from "~/domain/posts/admin.server";
import { EMPTY_TAXONOMY, termLabels } from "~/domain/posts/taxonomy";
import { loadTaxonomy } from "~/domain/posts/taxonomy.server";
import { editorAction, editorI18n, previewHtml, requirePost } from "~/web/post-editor.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/post-edit";

export async function loader(args: Route.LoaderArgs) {
  const { t, i18n } = editorI18n(args.request);
  const post = await requirePost(args, t);
  const confirmDelete = args.url.searchParams.get("delete") === "1";
  const supabase = getSupabase(args.context);
  const [choices, taxonomy] = await Promise.all([
    listTranslationChoices(supabase),
    // Without it the fields show the keys, which save the same.
    loadTaxonomy(supabase).catch(() => EMPTY_TAXONOMY),
  ]);
  // The editor names categories and tags in English (a name in any language saves the same).
  const english = termLabels(taxonomy, "en");
  return {
    post: {
      ...post,
      categories: post.categories.map((key) => english.category(key).label),
      tags: post.tags.map((key) => english.tag(key).label),
    },
    confirmDelete,
    preview: confirmDelete ? "" : previewHtml(post.content),
    translationChoices: choices.ok ? choices.value.filter((c) => c.id !== post.id) : [],
    i18n,
  };
}

export function action(args: Route.ActionArgs) {
  return editorAction(args, "edit");
}
