import type { TestBackend } from "@jenga/supabase-local/testing";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetPublishedBlog } from "~/domain/posts/published.server";
import type { BlogPost, PostSummary } from "~/domain/posts/types";
import * as blog from "~/routes/blog/index";
import * as blogPost from "~/routes/blog/post";
import * as rss from "~/routes/blog/rss";
import * as home from "~/routes/home";
import * as sitemap from "~/routes/seo/sitemap";
import { asData, settle } from "../support/answers";
import { serviceClient, startAppBackend } from "../support/backend";
import { routeArgs } from "../support/route-args";

let backend: TestBackend;
const mock = setupServer();
let draftId: number;
let scriptedId: number;

beforeAll(async () => {
  mock.listen({ onUnhandledFrame: "bypass" });
  backend = await startAppBackend();
  const service = serviceClient(backend);
  const { data: draft } = await service
    .from("posts")
    .insert({ title: "Secret draft", published: false })
    .select("id")
    .single();
  draftId = draft!.id;
  const { data: scripted } = await service
    .from("posts")
    .insert({
      title: "Old scripted post",
      content: '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:x">x</a>',
      published: true,
      published_at: "2020-01-01T00:00:00Z",
      categories: ["Security"],
    })
    .select("id")
    .single();
  scriptedId = scripted!.id;
});
afterEach(() => mock.resetHandlers());
afterAll(async () => {
  mock.close();
  await backend.close();
});

type ListData = {
  posts: PostSummary[];
  categories: string[];
  tags: string[];
  loadError?: string;
};

async function list(search = "") {
  const { args } = routeArgs(`/blog${search}`);
  return asData<ListData>(await blog.loader(args));
}

async function loadPost(id: string) {
  const { args } = routeArgs(`/blog/${id}`, { params: { postId: id } });
  return settle(() => blogPost.loader(args as unknown as Parameters<typeof blogPost.loader>[0]));
}

/** The backend fails, and the site has not read the blog since it started. */
function postsFail() {
  resetPublishedBlog();
  mock.use(
    http.get(`${backend.url}/rest/v1/posts`, () =>
      HttpResponse.json({ code: "XX000", message: "db down" }, { status: 500 }),
    ),
  );
}

describe("blog list loader", () => {
  it("lists published posts only, newest published_at first", async () => {
    const { data, status } = await list();
    expect(status).toBe(200);
    expect(data.posts.map((p) => p.id)).toEqual([6, 5, 4, 3, 2, 1, scriptedId]);
    expect(data.posts.some((p) => p.title === "Secret draft")).toBe(false);
    expect(data.posts[0]).toMatchObject({
      title: "Choosing Reliable Web Hosting",
      author: "David Kamau",
      readTime: "5 min",
      categories: [
        { key: "hosting", label: "Hosting" },
        { key: "web-development", label: "Web Development" },
      ],
    });
    expect(data.categories).toContainEqual({
      key: "digital-marketing",
      label: "Digital Marketing",
    });
    expect(data.tags).toContainEqual({ key: "mpesa", label: "mpesa" });
  });

  it("filters by search, category and all selected tags from the URL", async () => {
    expect((await list("?q=M-PESA")).data.posts.map((p) => p.id)).toEqual([3]);
    expect((await list("?q=patchy")).data.posts.map((p) => p.id)).toEqual([2]);
    expect((await list("?category=AI")).data.posts.map((p) => p.id)).toEqual([5]);
    expect((await list("?tag=performance")).data.posts.map((p) => p.id)).toEqual([6, 2]);
    expect((await list("?tag=performance&tag=mobile")).data.posts.map((p) => p.id)).toEqual([2]);
    expect((await list("?q=zzz")).data.posts).toEqual([]);
  });

  it("keeps showing the articles it read when the backend fails later", async () => {
    await list();
    mock.use(
      http.get(`${backend.url}/rest/v1/posts`, () =>
        HttpResponse.json({ code: "XX000", message: "db down" }, { status: 500 }),
      ),
    );
    const { data, status } = await list();
    expect(status).toBe(200);
    expect(data.posts.map((p) => p.id)).toEqual([6, 5, 4, 3, 2, 1, scriptedId]);
  });

  it("answers 503 with a friendly message when the backend fails", async () => {
    postsFail();
    const { data, status } = await list();
    expect(status).toBe(503);
    expect(data.loadError).toBe(
      "We couldn't load the articles right now. Please try again shortly.",
    );
    expect(data.posts).toEqual([]);
  });
});

describe("blog post loader", () => {
  it("returns the published post with related posts and the author's bio", async () => {
    const { data } = asData<{
      post: BlogPost;
      related: PostSummary[];
      authorBio: { text: string; lang?: string };
    }>(await loadPost("3"));
    expect(data.post).toMatchObject({ id: 3, title: "M-Pesa Integration Guide for Online Stores" });
    expect(data.post.content).toContain("<h2>How STK Push works</h2>");
    expect(data.related).toHaveLength(3);
    expect(data.related.map((p) => p.id)).not.toContain(3);
    expect(data.authorBio.text).toMatch(/David/);
  });

  it("sanitizes the HTML before render", async () => {
    const { data } = asData<{ post: BlogPost }>(await loadPost(String(scriptedId)));
    expect(data.post.content).not.toMatch(/script|onclick|javascript:/i);
    expect(data.post.content).toContain("<p>Hi</p>");
  });

  it.each(["999", "abc", "1.5", "0"])("answers 404 for id %s", async (id) => {
    expect(asData(await loadPost(id)).status).toBe(404);
  });

  it("answers 404 for a draft", async () => {
    expect(asData(await loadPost(String(draftId))).status).toBe(404);
  });

  it("answers 503 when the backend fails", async () => {
    postsFail();
    expect(asData(await loadPost("1")).status).toBe(503);
  });
});

describe("home, sitemap and feed", () => {
  it("home shows the 3 latest published posts", async () => {
    const { args } = routeArgs("/");
    const { data } = asData<{ posts: PostSummary[]; postsFailed: boolean }>(
      await home.loader(args),
    );
    expect(data.posts.map((p) => p.id)).toEqual([6, 5, 4]);
    expect(data.postsFailed).toBe(false);
  });

  it("home still renders when the posts fail", async () => {
    postsFail();
    const { args } = routeArgs("/");
    const { data } = asData<{ posts: PostSummary[]; postsFailed: boolean }>(
      await home.loader(args),
    );
    expect(data).toMatchObject({ posts: [], postsFailed: true });
  });

  it("sitemap lists static routes and published posts", async () => {
    const { args } = routeArgs("/sitemap.xml");
    const response = await sitemap.loader(args);
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("/services/bulk-sms</loc>");
    expect(xml).toContain("/blog/6</loc>");
    expect(xml).not.toContain(`/blog/${draftId}</loc>`);
  });

  it("RSS lists published posts", async () => {
    const { args } = routeArgs("/blog/rss.xml");
    const response = await rss.loader(args);
    expect(response.headers.get("Content-Type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(7);
    expect(xml).toContain("<title>AI Chatbots for Customer Service</title>");
    expect(xml).not.toContain("Secret draft");
  });
});
