/**
 * The library's details of the uploaded images a page shows (size, alt texts, decorative), in
 * one query per page, and the covers of posts with them.
 */
import type { PostSummary } from "~/domain/posts/types";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { altTranslationsOf, coverDetailsOf, type MediaDetails } from "./alt-text";
import { MEDIA_LIMITS } from "./limits";
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
  return withCoverDetails(posts, details);
}

/** `posts` with the covers' details found in `details` (read by `mediaDetails`). */
export function withCoverDetails<T extends PostSummary>(
  posts: T[],
  details: Map<string, MediaDetails>,
): T[] {
  return posts.map((post) => {
    const found = details.get(mediaHashOf(post.coverImage) ?? "");
    return found ? { ...post, cover: coverDetailsOf(found, post.lang ?? "en", post.title) } : post;
  });
}

/**
 * The warning for a post's newly chosen cover narrower than a cover should be (it is saved all
 * the same, and shown at its own size), in `t`'s language (the admin's); undefined otherwise.
 */
export async function smallCoverWarning(
  supabase: AppSupabase,
  cover: string | null | undefined,
  t: Translator,
): Promise<string | undefined> {
  const hash = mediaHashOf(cover);
  const width = hash ? (await mediaDetails(supabase, [hash])).get(hash)?.width : undefined;
  const recommended = MEDIA_LIMITS.recommendedWidth;
  return width && width < recommended
    ? t("mediaLibrary.toasts.smallCover", { width, recommended })
    : undefined;
}
