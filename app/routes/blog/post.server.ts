import { data, redirect } from "react-router";
import { publishedArticle } from "~/domain/posts/blog-reads.server";
import {
  PostsUnavailableError,
  parsePostId,
  pickRelatedPosts,
  postPath,
  postsIn,
  translationsOf,
} from "~/domain/posts/queries.server";
import { termLabels } from "~/domain/posts/taxonomy";
import { withLabels } from "~/domain/posts/taxonomy.server";
import type { PostSummary } from "~/domain/posts/types";
import type { AuthorBio } from "~/domain/site/content.server";
import { siteContent } from "~/domain/site/snapshot.server";
import { LOCALES, type Locale, localizePath } from "~/i18n/locale";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { siteUrl } from "~/infra/env.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/post";

const NO_BIO: AuthorBio = { text: "" };

/**
 * Where the language switcher goes from this post: its translation in each language, else the
 * English original shown in that language's pages (it is not translated yet).
 */
function switcherPaths(translations: Partial<Record<Locale, PostSummary>>, post: PostSummary) {
  const english = translations.en;
  return Object.fromEntries(
    LOCALES.map((l) => {
      const own = translations[l];
      if (own) return [l, postPath(own)];
      return [l, english ? localizePath(`/blog/${english.id}`, l) : postPath(post)];
    }),
  ) as Record<Locale, string>;
}

/**
 * A published post by numeric id; unknown or non-numeric ids are a real 404. A post asked for
 * in another language goes to its translation there; an English post without one is shown
 * in the page's language with a note (its canonical URL stays the English one).
 */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const { locale, t, i18n } = pageI18n(url, ["blog", "common.inEnglish"]);
  const notFound = () => data({ path: `/blog/${params.postId}` }, { status: 404 });
  const id = parsePostId(params.postId);
  if (id === null) throw notFound();
  try {
    const [{ post, all, taxonomy }, site] = await Promise.all([
      publishedArticle(() => getSupabase(context), id),
      // The post shows without its author's bio rather than not at all.
      siteContent(locale).catch(() => undefined),
    ]);
    if (!post) throw notFound();
    const translations = translationsOf(post, all);
    const lang = post.lang ?? "en";
    const here = translations[locale];
    if (lang !== locale && here) throw redirect(postPath(here));
    if (lang !== locale && lang !== "en") throw redirect(postPath(post));
    const hreflang = Object.fromEntries(
      Object.entries(translations).map(([l, p]) => [l, postPath(p)]),
    ) as Partial<Record<Locale, string>>;
    const labels = termLabels(taxonomy, locale);
    const shown = withLabels(post, labels);
    return data(
      {
        post: shown,
        /** The cover's alt text (app/domain/media/alt-text.ts); "" for none or a decorative one. */
        coverAlt: shown.cover?.alt ?? "",
        related: pickRelatedPosts(post, postsIn(all, locale)).map((p) => withLabels(p, labels)),
        authorBio: site?.authorBio(post.author) ?? NO_BIO,
        url: `${siteUrl()}${t.path(`/blog/${post.id}`)}`,
        alternates: switcherPaths(translations, post),
        hreflang,
        i18n,
      },
      { headers: publicCacheHeaders(request) },
    );
  } catch (error) {
    if (!(error instanceof PostsUnavailableError)) throw error;
    console.error("blog post: load failed", error);
    throw data({ message: t("blog.unavailable") }, { status: 503 });
  }
}
