import type { AppSupabase } from "~/infra/supabase.server";
import { PostsUnavailableError } from "./queries.server";
import { parseTaxonomy, type Taxonomy, type TermLabels } from "./taxonomy";
import type { PostSummary } from "./types";

/** Every published category and tag with its labels (one small RPC). */
export async function loadTaxonomy(supabase: AppSupabase): Promise<Taxonomy> {
  let answer: Awaited<ReturnType<typeof callTaxonomy>>;
  try {
    answer = await callTaxonomy(supabase);
  } catch (error) {
    throw new PostsUnavailableError(error);
  }
  if (answer.error) throw new PostsUnavailableError(answer.error);
  return parseTaxonomy(answer.data);
}

const callTaxonomy = (supabase: AppSupabase) => supabase.rpc("blog_taxonomy");

/** `post` with its categories and tags labelled in the page's language. */
export function withLabels<T extends PostSummary>(post: T, labels: TermLabels): T {
  return {
    ...post,
    categories: post.categories.map((term) => labels.category(term.key)),
    tags: post.tags.map((term) => labels.tag(term.key)),
  };
}
