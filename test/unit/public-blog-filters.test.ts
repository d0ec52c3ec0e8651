import { describe, expect, it } from "vitest";
import {
  filtersToSearch,
  parseBlogFilters,
  parseBlogPage,
  toggleTag,
} from "~/domain/posts/blog-filters";
import { arrayLiteral, substringPattern } from "~/domain/posts/blog-query.server";

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

describe("filter helpers", () => {
  it("builds the query string and toggles tags", () => {
    const f = { q: "a b", category: "", tags: ["x"] };
    expect(filtersToSearch(f)).toBe("?q=a+b&tag=x");
    expect(filtersToSearch(toggleTag(f, "x"))).toBe("?q=a+b");
    expect(toggleTag(f, "y").tags).toEqual(["x", "y"]);
    expect(filtersToSearch({ q: "", category: "", tags: [] })).toBe("");
    expect(filtersToSearch(f, 3)).toBe("?q=a+b&tag=x&page=3");
  });

  it("reads the page, 1 for anything but a positive integer", () => {
    for (const [value, page] of [
      ["2", 2],
      ["", 1],
      ["0", 1],
      ["-3", 1],
      ["2.5", 1],
      ["abc", 1],
      ["9999999", 1],
    ] as const) {
      expect(parseBlogPage(new URLSearchParams({ page: value }))).toBe(page);
    }
  });
});

describe("PostgREST filter values", () => {
  it("escapes LIKE wildcards and PostgREST's list syntax in the visitor's text", () => {
    expect(substringPattern("sms")).toBe('"*sms*"');
    expect(substringPattern('50% off_(deal), "x" \\ a*b')).toBe(
      '"*50\\\\% off\\\\_(deal), \\"x\\" \\\\\\\\ a_b*"',
    );
  });

  it("quotes every array element", () => {
    expect(arrayLiteral(["Web Development", 'a"b', "c\\d"])).toBe(
      '{"Web Development","a\\"b","c\\\\d"}',
    );
  });
});
