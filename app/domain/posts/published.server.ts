/**
 * The published blog as this process serves it: every published post's summary (with its
 * uploaded cover's details), the taxonomy, and the sanitized articles read lately — read as an
 * anonymous visitor (RLS: published posts only), held in memory and shared by every request,
 * like the site's content (app/domain/site/snapshot.server.ts). A post, media or taxonomy change
 * announced anywhere (this worker, another worker, another instance) invalidates it, so the
 * next request reads again; a copy older than five minutes is read again too (changes made
 * outside the site).
 *
 * Memory is bounded: at most PUBLISHED_POSTS_CAP summaries (a blog with more is served by the
 * database queries instead, app/domain/posts/blog-query.server.ts) and ARTICLE_CACHE_CAP
 * sanitized articles per snapshot, the least recently read going first.
 */
import { mediaDetails, withCoverDetails } from "~/domain/media/details.server";
import { mediaHashOf } from "~/domain/media/urls";
import type { ContentChange } from "~/infra/content-events";
import { type AppSupabase, createDetachedClient } from "~/infra/supabase.server";
import { SITE_CONTENT_MAX_AGE_MS, SITE_CONTENT_RETRY_MS } from "../site/snapshot.server";
import { type Snapshot, type SnapshotSource, SnapshotStore } from "../site/snapshot-store.server";
import { getPublishedPost, listPublishedPosts, PostsUnavailableError } from "./queries.server";
import type { Taxonomy } from "./taxonomy";
import { loadTaxonomy } from "./taxonomy.server";
import type { BlogPost, PostSummary } from "./types";

/** Published posts held in memory at most (≈ 1 KB each); a larger blog is queried instead. */
export const PUBLISHED_POSTS_CAP = 2000;
/** Sanitized articles kept per snapshot (≈ 5–30 KB each). */
export const ARTICLE_CACHE_CAP = 200;

export interface PublishedRows {
  /** Newest first (as the blog lists them), keys unlabelled, covers' details attached. */
  posts: PostSummary[];
  taxonomy: Taxonomy;
  /** False when the blog has more than PUBLISHED_POSTS_CAP posts (`posts` is then empty). */
  complete: boolean;
}

let postsCap = PUBLISHED_POSTS_CAP;

async function readPublished(supabase: AppSupabase): Promise<PublishedRows> {
  const cap = postsCap;
  const [posts, taxonomy] = await Promise.all([
    listPublishedPosts(supabase, cap + 1),
    loadTaxonomy(supabase),
  ]);
  if (posts.length > cap) return { posts: [], taxonomy, complete: false };
  const details = await mediaDetails(
    supabase,
    posts.map((post) => mediaHashOf(post.coverImage)),
  );
  return { posts: withCoverDetails(posts, details), taxonomy, complete: true };
}

function backendSource(): SnapshotSource<PublishedRows> {
  return {
    load: () => readPublished(createDetachedClient()),
    readSaved: async () => undefined,
    save: async () => {},
  };
}

/** One snapshot of the published blog, ready to serve. */
export class PublishedBlog {
  readonly posts: PostSummary[];
  readonly taxonomy: Taxonomy;
  readonly complete: boolean;
  private readonly byId: Map<number, PostSummary>;
  private readonly articles = new Map<number, Promise<BlogPost | null>>();
  private readonly readArticle: (id: number) => Promise<BlogPost | null>;

  constructor(rows: PublishedRows, readArticle: (id: number) => Promise<BlogPost | null>) {
    this.posts = rows.posts;
    this.taxonomy = rows.taxonomy;
    this.complete = rows.complete;
    this.byId = new Map(rows.posts.map((post) => [post.id, post]));
    this.readArticle = readArticle;
  }

  /** The summary of the published post with this id, if the blog has it. */
  summary(id: number): PostSummary | undefined {
    return this.byId.get(id);
  }

  /**
   * The published article with this id (sanitized HTML), or null; read once per snapshot and
   * kept (a failed read is not kept). Unknown ids of a complete blog never reach the backend.
   */
  article(id: number): Promise<BlogPost | null> {
    if (this.complete && !this.byId.has(id)) return Promise.resolve(null);
    const kept = this.articles.get(id);
    if (kept) {
      this.articles.delete(id);
      this.articles.set(id, kept); // most recently read last
      return kept;
    }
    const reading = this.readArticle(id);
    this.articles.set(id, reading);
    reading.catch(() => this.articles.delete(id));
    while (this.articles.size > ARTICLE_CACHE_CAP) {
      const oldest = this.articles.keys().next().value;
      if (oldest === undefined) break;
      this.articles.delete(oldest);
    }
    return reading;
  }
}

let store: SnapshotStore<PublishedRows> | undefined;
let readArticle = (id: number) => getPublishedPost(createDetachedClient(), id);
const prepared = new WeakMap<Snapshot<PublishedRows>, PublishedBlog>();

/** Replaces the sources (tests); the next read starts from nothing. */
export function setPublishedSource(
  source: SnapshotSource<PublishedRows>,
  article: (id: number) => Promise<BlogPost | null> = readArticle,
): void {
  readArticle = article;
  store = new SnapshotStore(source, {
    maxAgeMs: SITE_CONTENT_MAX_AGE_MS,
    retryMs: SITE_CONTENT_RETRY_MS,
    label: "published posts",
  });
}

/**
 * Forgets what was read (tests: "the backend fails before the site ever read the blog"), and
 * holds at most `cap` posts from now on (tests of the database path: 0).
 */
export function resetPublishedBlog(cap = PUBLISHED_POSTS_CAP): void {
  postsCap = cap;
  store = undefined;
}

/**
 * The published blog to serve now; throws PostsUnavailableError when it could never be read
 * (the backend is unreachable and nothing was read since the start).
 */
export async function publishedBlog(): Promise<PublishedBlog> {
  if (!store) setPublishedSource(backendSource());
  let snapshot: Snapshot<PublishedRows>;
  try {
    snapshot = await (store as SnapshotStore<PublishedRows>).get();
  } catch (error) {
    throw error instanceof PostsUnavailableError ? error : new PostsUnavailableError(error);
  }
  let blog = prepared.get(snapshot);
  if (!blog) {
    blog = new PublishedBlog(snapshot.value, (id) => readArticle(id));
    prepared.set(snapshot, blog);
  }
  return blog;
}

/** What a content event means for the published blog: posts, covers and their taxonomy. */
export function publishedBlogChanged(change: ContentChange): void {
  const blogTerms = change.kind === "site" && change.entity.startsWith("blog_");
  if (change.kind === "posts" || change.kind === "media" || blogTerms) store?.invalidate();
}
