import { describe, expect, it } from "vitest";
import { PUBLISHED_POSTS_CAP, resetPublishedBlog } from "~/domain/posts/published.server";
import * as blog from "~/routes/blog/index";
import { asData, settle } from "../support/answers";
import { serviceClient, type TestBackend, withBackend } from "../support/backend";
import { routeArgs } from "../support/route-args";

/**
 * A blog of 2 000 posts answers as fast as one of 6, both ways the site reads it: from the
 * published blog held in memory (up to PUBLISHED_POSTS_CAP posts), and with filters and pages run
 * in the database (a larger blog; `resetPublishedBlog(0)` sends every read there).
 */
let backend: TestBackend;
withBackend((started) => {
  backend = started;
});

async function medianLoad(query: string, runs = 15): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { args } = routeArgs(`/blog${query}`);
    const { data } = asData<{ posts: unknown[] }>(await settle(() => blog.loader(args)));
    expect(data.posts.length).toBeGreaterThan(0);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
}

const FILTERED = "?tag=archive&category=Archive+7&page=2";

/** Median times of the list, a search and a filtered page, read `where` the site reads them. */
async function measure(where: "memory" | "database") {
  resetPublishedBlog(where === "memory" ? PUBLISHED_POSTS_CAP : 0);
  await medianLoad("", 3); // warm-up (the published blog is read once)
  return { list: await medianLoad(""), search: await medianLoad("?q=web") };
}

describe("blog at scale", () => {
  it("answers a page of 2 000 published posts about as fast as a page of 6", async () => {
    const small = { memory: await measure("memory"), database: await measure("database") };
    const { count } = await serviceClient(backend)
      .from("posts")
      .select("id", { count: "exact", head: true })
      .eq("published", true);
    // As many as the memory holds: the seeded posts (every language) and the archive.
    const rows = Array.from({ length: PUBLISHED_POSTS_CAP - (count ?? 0) }, (_, i) => ({
      title: `Archive article ${i} about websites and hosting`,
      excerpt: `Notes number ${i} for businesses that sell online.`,
      published: true,
      published_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      categories: [`Archive ${i % 20}`],
      tags: [`topic-${i % 50}`, "archive"],
    }));
    for (let i = 0; i < rows.length; i += 500) {
      const { error } = await serviceClient(backend)
        .from("posts")
        .insert(rows.slice(i, i + 500));
      expect(error).toBeNull();
    }
    const large = { memory: await measure("memory"), database: await measure("database") };
    const filtered = await medianLoad(FILTERED);
    resetPublishedBlog();
    const filteredInMemory = await medianLoad(FILTERED);
    console.log(
      `blog loader median, 6 → 2 000 posts: from memory ${small.memory.list.toFixed(1)} → ${large.memory.list.toFixed(1)} ms (search ${small.memory.search.toFixed(1)} → ${large.memory.search.toFixed(1)}, filtered page 2 ${filteredInMemory.toFixed(1)}); in the database ${small.database.list.toFixed(1)} → ${large.database.list.toFixed(1)} ms (search ${small.database.search.toFixed(1)} → ${large.database.search.toFixed(1)}, filtered page 2 ${filtered.toFixed(1)})`,
    );
    for (const where of ["memory", "database"] as const) {
      expect(large[where].list, where).toBeLessThan(small[where].list * 2 + 10);
      expect(large[where].search, where).toBeLessThan(small[where].search * 2 + 25);
    }
  }, 180_000);
});
