import { describe, expect, it } from "vitest";
import { postFormDefaults } from "~/components/admin/post-form-defaults";
import { authorFields } from "~/domain/admin/rights";
import { publishedAtFor } from "~/domain/posts/admin.server";
import { parsePostId } from "~/domain/posts/queries.server";
import { countWords, readTime } from "~/domain/posts/read-time";
import { isCoverImageUrl } from "~/domain/posts/schema.server";
import { formatTagList, parseTagList } from "~/domain/posts/tag-list";

describe("parseTagList", () => {
  it.each([
    ["", []],
    [" , ,, ", []],
    ["seo", ["seo"]],
    [" Web Development ,Business,  ", ["Web Development", "Business"]],
    ["seo, SEO, Seo ,web", ["seo", "web"]],
    ["a,b,a,c,b", ["a", "b", "c"]],
    ["Mobile   Apps", ["Mobile Apps"]],
  ])("%j → %j", (text, list) => {
    expect(parseTagList(text)).toEqual(list);
  });

  it("round-trips with formatTagList", () => {
    expect(formatTagList(["Web", "SEO"])).toBe("Web, SEO");
    expect(parseTagList(formatTagList(["Web", "SEO"]))).toEqual(["Web", "SEO"]);
    expect(formatTagList(null)).toBe("");
  });
});

describe("readTime", () => {
  it("counts visible words only", () => {
    expect(countWords("<p>Hello <strong>big</strong> world</p><!-- hidden words here -->")).toBe(3);
    expect(countWords("<script>var a = 1, b = 2;</script><p>one&nbsp;two</p>")).toBe(2);
    expect(countWords("<p>don't re-use M-Pesa</p>")).toBe(3);
  });

  it.each([
    [0, "1 min"],
    [1, "1 min"],
    [200, "1 min"],
    [201, "2 min"],
    [1000, "5 min"],
  ])("%i words → %s", (words, expected) => {
    expect(readTime(`<p>${"word ".repeat(words)}</p>`)).toBe(expected);
  });
});

describe("isCoverImageUrl", () => {
  it.each([
    "/images/blog/cover.svg",
    "https://cdn.example.com/a.png",
    "http://example.com/a.jpg?x=1",
  ])("accepts %s", (url) => expect(isCoverImageUrl(url)).toBe(true));

  it.each([
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "//evil.example/a.png",
    "images/relative.png",
    "ftp://example.com/a.png",
    "https://exa mple.com/a.png",
    '/a.png" onerror="x',
    "/\\evil.example",
    "https://",
  ])("rejects %s", (url) => expect(isCoverImageUrl(url)).toBe(false));
});

describe("publishedAtFor", () => {
  const now = new Date("2026-11-23T10:00:00Z");
  it("stamps the first publication", () => {
    expect(publishedAtFor(true, null, now)).toBe("2026-11-23T10:00:00.000Z");
  });
  it("keeps an earlier stamp when re-publishing or unpublishing", () => {
    expect(publishedAtFor(true, "2026-01-01T00:00:00Z", now)).toBe("2026-01-01T00:00:00Z");
    expect(publishedAtFor(false, "2026-01-01T00:00:00Z", now)).toBe("2026-01-01T00:00:00Z");
  });
  it("leaves a draft that was never published without a date", () => {
    expect(publishedAtFor(false, null, now)).toBeNull();
  });
});

describe("authorFields", () => {
  it("uses full_name and avatar_url", () => {
    expect(
      authorFields({ user_metadata: { full_name: " Amina W ", avatar_url: "/a.svg" } }),
    ).toEqual({
      author_name: "Amina W",
      author_avatar: "/a.svg",
    });
  });
  it("falls back to 'Admin' and null", () => {
    expect(authorFields({ user_metadata: {} })).toEqual({
      author_name: "Admin",
      author_avatar: null,
    });
    expect(authorFields({ user_metadata: { full_name: "  ", avatar_url: 3 } })).toEqual({
      author_name: "Admin",
      author_avatar: null,
    });
  });
});

describe("parsePostId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["0", null],
    ["01", null],
    ["-1", null],
    ["1.5", null],
    ["abc", null],
    ["99999999999999999", null],
    [undefined, null],
  ])("%s → %s", (param, id) => expect(parsePostId(param)).toBe(id));
});

describe("postFormDefaults", () => {
  const post = {
    title: "T",
    excerpt: "E",
    content: "<p>C</p>",
    cover_image: null,
    categories: ["Web", "SEO"],
    tags: [],
    published: true,
  };
  it("starts empty for a new post", () => {
    expect(postFormDefaults(null, null)).toEqual({
      title: "",
      excerpt: "",
      content: "",
      cover_image: "",
      categories: "",
      tags: "",
      published: false,
    });
  });
  it("prefills from the stored post", () => {
    expect(postFormDefaults(post, null)).toMatchObject({
      title: "T",
      categories: "Web, SEO",
      cover_image: "",
      published: true,
    });
  });
  it("prefers what was just typed (an unticked box is a draft)", () => {
    expect(postFormDefaults(post, { title: "Typed", categories: "x" })).toMatchObject({
      title: "Typed",
      excerpt: "",
      categories: "x",
      published: false,
    });
    expect(postFormDefaults(null, { published: "on" }).published).toBe(true);
  });
});
