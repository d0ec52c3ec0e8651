/**
 * The library's details of the uploaded images a page shows (size, alt texts, decorative), in
 * one query per page, and the covers of posts with them.
 */
import type { PostSummary } from "~/domain/posts/types";
import type { AppSupabase } from "~/infra/supabase.server";
import { altTranslationsOf, coverDetailsOf, type MediaDetails } from "./alt-text";
import { mediaHashOf } from "./urls";

/** The details of each of `hashes` the library has (an unknown one is left out). */
export async function mediaDetails(
  supabase: AppSupabase,
  hashes: (string | null)[],
): Promise<Map<string, MediaDetails>> {
  const wanted = [...new Set(hashes.filter((hash): hash is string => Boolean(hash)))];
  const found = new Map<string, MediaDetails>();
  if (!wanted.length) return found;
  try {
    const { data } = await supabase
      .from("media")
      .select("hash, width, height, alt, alt_translations, decorative")
      .in("hash", wanted);
    for (const row of data ?? []) {
      found.set(row.hash, {
        width: row.width,
        height: row.height,
        alt: row.alt,
        altTranslations: altTranslationsOf(row.alt_translations),
        decorative: row.decorative,
      });
    }
  } catch {
    // The page still shows: its covers go without the library's details (as built-in images).
  }
  return found;
}

/** `posts` with their uploaded covers' details (`cover`), in the post's language. */
export async function withCovers<T extends PostSummary>(
  supabase: AppSupabase,
  posts: T[],
): Promise<T[]> {
  const details = await mediaDetails(
    supabase,
    posts.map((post) => mediaHashOf(post.coverImage)),
  );
  return posts.map((post) => {
    const found = details.get(mediaHashOf(post.coverImage) ?? "");
    return found ? { ...post, cover: coverDetailsOf(found, post.lang ?? "en", post.title) } : post;
  });
}
