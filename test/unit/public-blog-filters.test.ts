import { describe, expect, it } from "vitest";
import {
  collectValues,
  filterPosts,
  filtersToSearch,
  parseBlogFilters,
  toggleTag,
} from "~/domain/posts/blog-filters";
import type { PostSummary } from "~/domain/posts/types";

const post = (id: number, over: Partial<PostSummary>): PostSummary => ({
  id,
  title: `Post ${id}`,
  excerpt: "",
  coverImage: null,
  author: "Admin",
  authorAvatar: null,
  date: "2026-01-01T00:00:00Z",
  readTime: "5 min",
  categories: [],
  tags: [],
  ...over,
});

const posts = [
  post(1, { title: "M-Pesa Guide", categories: ["Business"], tags: ["mpesa", "payments"] }),
  post(2, { excerpt: "All about SMS marketing", categories: ["Digital Marketing"], tags: ["sms"] }),
  post(3, { title: "Hosting", categories: ["Hosting", "Business"], tags: ["payments", "hosting"] }),
];

describe("parseBlogFilters", () => {
  it("reads q, category and repeated tags from the URL", () => {
    const f = parseBlogFilters(
      new URLSearchParams("q=%20sms%20&category=Business&tag=a&tag=b&tag=a"),
    );
    expect(f).toEqual({ q: "sms", category: "Business", tags: ["a", "b"] });
  });

  it("defaults to no filters", () => {
    expect(parseBlogFilters(new URLSearchParams())).toEqual({ q: "", category: "", tags: [] });
  });

  it("bounds the search length", () => {
    expect(parseBlogFilters(new URLSearchParams({ q: "x".repeat(500) })).q).toHaveLength(100);
  });
});

describe("filterPosts", () => {
  const ids = (q: string, category = "", tags: string[] = []) =>
    filterPosts(posts, { q, category, tags }).map((p) => p.id);

  it("matches title or excerpt, case-insensitively", () => {
    expect(ids("mpesa")).toEqual([]);
    expect(ids("M-PESA")).toEqual([1]);
    expect(ids("sms MARKETING")).toEqual([2]);
  });

  it("keeps every post with no filters", () => {
    expect(ids("")).toEqual([1, 2, 3]);
  });

  it("requires the category", () => {
    expect(ids("", "Business")).toEqual([1, 3]);
    expect(ids("", "Nope")).toEqual([]);
  });

  it("requires all selected tags", () => {
    expect(ids("", "", ["payments"])).toEqual([1, 3]);
    expect(ids("", "", ["payments", "hosting"])).toEqual([3]);
    expect(ids("", "", ["payments", "sms"])).toEqual([]);
  });

  it("combines search, category and tags", () => {
    expect(ids("host", "Business", ["payments"])).toEqual([3]);
    expect(ids("guide", "Hosting")).toEqual([]);
  });
});

describe("filter helpers", () => {
  it("collects distinct sorted categories and tags", () => {
    expect(collectValues(posts, "categories")).toEqual([
      "Business",
      "Digital Marketing",
      "Hosting",
    ]);
    expect(collectValues(posts, "tags")).toEqual(["hosting", "mpesa", "payments", "sms"]);
  });

  it("builds the query string and toggles tags", () => {
    const f = { q: "a b", category: "", tags: ["x"] };
    expect(filtersToSearch(f)).toBe("?q=a+b&tag=x");
    expect(filtersToSearch(toggleTag(f, "x"))).toBe("?q=a+b");
    expect(toggleTag(f, "y").tags).toEqual(["x", "y"]);
    expect(filtersToSearch({ q: "", category: "", tags: [] })).toBe("");
  });
});
