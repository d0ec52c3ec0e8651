/**
 * What the public blog pages read: from the published blog held in memory
 * (app/domain/posts/published.server.ts) — no backend round trip — or, for a blog larger than
 * it holds, from the database queries (app/domain/posts/blog-query.server.ts). Both give the
 * same answers: the list's filters, language rule, order and pages are the database's.
 */
import { withCovers } from "~/domain/media/details.server";
import type { Locale } from "~/i18n/locale";
import type { AppSupabase } from "~/infra/supabase.server";
import { type BlogFilters, hasActiveFilters } from "./blog-filters";
import {
  BLOG_PAGE_SIZE,
  type BlogPage,
  findPublishedPosts,
  publishedFacets,
} from "./blog-query.server";
import { publishedBlog } from "./published.server";
import { getPublishedPost, listPublishedPosts, postsIn } from "./queries.server";
import { filterKeys, type Taxonomy } from "./taxonomy";
import type { BlogPost, PostSummary } from "./types";

/**
 * The request's client, made only when the database must be asked (the published blog is read
 * from memory unless it holds more than its cap: app/domain/posts/published.server.ts).
 */
type RequestClient = () => AppSupabase;

/** The `count` newest posts of `locale`'s blog (unlabelled) and the taxonomy. */
export async function latestPublished(
  client: RequestClient,
  locale: Locale,
  count: number,
): Promise<{ posts: PostSummary[]; taxonomy: Taxonomy }> {
  const blog = await publishedBlog();
  if (blog.complete) {
    return { posts: postsIn(blog.posts, locale).slice(0, count), taxonomy: blog.taxonomy };
  }
  const supabase = client();
  const all = await listPublishedPosts(supabase);
  const posts = await withCovers(supabase, postsIn(all, locale).slice(0, count));
  return { posts, taxonomy: blog.taxonomy };
}

/**
 * `text` as the database's `ilike` of `substringPattern` reads it
 * (app/domain/posts/blog-query.server.ts): any case, `*` standing for any one character.
 */
function substringTest(text: string): (value: string) => boolean {
  const source = [...text]
    .map((c) => (c === "*" ? "." : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  const pattern = new RegExp(source, "isu");
  return (value) => pattern.test(value);
}

function matcher(filters: BlogFilters): (post: PostSummary) => boolean {
  const hasText = filters.q ? substringTest(filters.q) : undefined;
  return (post) =>
    (!hasText || hasText(post.title) || hasText(post.excerpt)) &&
    (!filters.category || post.categories.some((term) => term.key === filters.category)) &&
    filters.tags.every((tag) => post.tags.some((term) => term.key === tag));
}

function pageOf(posts: PostSummary[], page: number): BlogPage {
  const from = (page - 1) * BLOG_PAGE_SIZE;
  return {
    posts: posts.slice(from, from + BLOG_PAGE_SIZE),
    total: posts.length,
    page,
    pageCount: Math.max(1, Math.ceil(posts.length / BLOG_PAGE_SIZE)),
  };
}

/** The keys of the categories and tags `posts` carry. */
function facetsOf(posts: PostSummary[]): { categories: string[]; tags: string[] } {
  const categories = new Set<string>();
  const tags = new Set<string>();
  for (const post of posts) {
    for (const term of post.categories) categories.add(term.key);
    for (const term of post.tags) tags.add(term.key);
  }
  return { categories: [...categories], tags: [...tags] };
}

export interface BlogListing {
  /** The URL's filters with categories and tags as keys. */
  filters: BlogFilters;
  found: BlogPage;
  /** The keys offered as filter choices in `locale`'s blog. */
  facets: { categories: string[]; tags: string[] };
  taxonomy: Taxonomy;
}

/** One page of `locale`'s blog filtered by `asked`, with its filter choices. */
export async function blogListing(
  client: RequestClient,
  asked: BlogFilters,
  page: number,
  locale: Locale,
): Promise<BlogListing> {
  const blog = await publishedBlog();
  const taxonomy = blog.taxonomy;
  const filters = hasActiveFilters(asked) ? filterKeys(asked, taxonomy) : asked;
  if (blog.complete) {
    const shown = postsIn(blog.posts, locale);
    return {
      filters,
      found: pageOf(shown.filter(matcher(filters)), page),
      facets: facetsOf(shown),
      taxonomy,
    };
  }
  const supabase = client();
  const [found, facets] = await Promise.all([
    findPublishedPosts(supabase, filters, page, locale),
    publishedFacets(supabase, locale),
  ]);
  return {
    filters,
    found: { ...found, posts: await withCovers(supabase, found.posts) },
    facets,
    taxonomy,
  };
}

/** A published article (with its cover's details), every published post and the taxonomy. */
export async function publishedArticle(
  client: RequestClient,
  id: number,
): Promise<{ post: BlogPost | null; all: PostSummary[]; taxonomy: Taxonomy }> {
  const blog = await publishedBlog();
  if (blog.complete) {
    const post = await blog.article(id);
    const summary = blog.summary(id);
    const withCover = post && summary?.cover ? { ...post, cover: summary.cover } : post;
    return { post: withCover, all: blog.posts, taxonomy: blog.taxonomy };
  }
  const supabase = client();
  const [post, all] = await Promise.all([
    getPublishedPost(supabase, id),
    listPublishedPosts(supabase),
  ]);
  const [shown] = post ? await withCovers(supabase, [post]) : [];
  return { post: shown ?? null, all, taxonomy: blog.taxonomy };
}
