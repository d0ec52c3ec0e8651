import type { PostSummary } from "./types";

/** The blog list's filters, as they live in the URL: ?q=…&category=…&tag=a&tag=b */
export interface BlogFilters {
  q: string;
  category: string;
  tags: string[];
}

const MAX_QUERY = 100;
const MAX_TAGS = 20;

export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_QUERY);
  const category = (params.get("category") ?? "").trim().slice(0, MAX_QUERY);
  const tags = [...new Set(params.getAll("tag").map((t) => t.trim()))]
    .filter(Boolean)
    .slice(0, MAX_TAGS);
  return { q, category, tags };
}

export function hasActiveFilters(filters: BlogFilters): boolean {
  return Boolean(filters.q || filters.category || filters.tags.length);
}

/**
 * Spec §5: case-insensitive substring of title or excerpt; the post must include the category
 * (empty = All Categories) and every selected tag.
 */
export function filterPosts<T extends PostSummary>(posts: T[], filters: BlogFilters): T[] {
  const needle = filters.q.toLowerCase();
  return posts.filter(
    (post) =>
      (!needle ||
        post.title.toLowerCase().includes(needle) ||
        post.excerpt.toLowerCase().includes(needle)) &&
      (!filters.category || post.categories.includes(filters.category)) &&
      filters.tags.every((tag) => post.tags.includes(tag)),
  );
}

/** Distinct values of a list field across posts, sorted alphabetically. */
export function collectValues(posts: PostSummary[], field: "categories" | "tags"): string[] {
  return [...new Set(posts.flatMap((p) => p[field]))].sort((a, b) => a.localeCompare(b));
}

/** The query string of `filters` (empty fields left out), e.g. "?q=sms&tag=marketing". */
export function filtersToSearch(filters: BlogFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  for (const tag of filters.tags) params.append("tag", tag);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The filters with `tag` switched on or off (tag chips). */
export function toggleTag(filters: BlogFilters, tag: string): BlogFilters {
  const tags = filters.tags.includes(tag)
    ? filters.tags.filter((t) => t !== tag)
    : [...filters.tags, tag];
  return { ...filters, tags };
}
