import { clipCodePoints } from "~/lib/text";
/** The blog list's filters, as they live in the URL: ?q=…&category=…&tag=a&tag=b */
export interface BlogFilters {
  q: string;
  category: string;
  tags: string[];
}

const MAX_QUERY = 100;
const MAX_TAGS = 20;

export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const q = clipCodePoints((params.get("q") ?? "").trim(), MAX_QUERY);
  const category = clipCodePoints((params.get("category") ?? "").trim(), MAX_QUERY);
  const tags = [...new Set(params.getAll("tag").map((t) => t.trim()))]
    .filter(Boolean)
    .slice(0, MAX_TAGS);
  return { q, category, tags };
}

export function hasActiveFilters(filters: BlogFilters): boolean {
  return Boolean(filters.q || filters.category || filters.tags.length);
}

/** The page of the blog list from `?page=` (1 when missing or not a positive integer). */
export function parseBlogPage(params: URLSearchParams): number {
  const value = params.get("page") ?? "";
  if (!/^[1-9]\d{0,5}$/.test(value)) return 1;
  return Number(value);
}

/** The query string of `filters` (empty fields left out), e.g. "?q=sms&tag=marketing". */
export function filtersToSearch(filters: BlogFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  for (const tag of filters.tags) params.append("tag", tag);
  if (page > 1) params.set("page", String(page));
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
