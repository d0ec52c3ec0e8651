import { describe, expect, it } from "vitest";
import * as blog from "~/routes/blog/index";
import { asData, settle } from "../support/answers";
import { serviceClient, type TestBackend, withBackend } from "../support/backend";
import { routeArgs } from "../support/route-args";

/** A blog of 2 000 posts answers as fast as one of 6: filters and pages run in the database. */
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

describe("blog at scale", () => {
  it("answers a page of 2 000 published posts about as fast as a page of 6", async () => {
    await medianLoad("", 3); // warm-up
    const small = await medianLoad("");
    const smallSearch = await medianLoad("?q=web");
    const rows = Array.from({ length: 2000 }, (_, i) => ({
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
    const large = await medianLoad("");
    const largeSearch = await medianLoad("?q=web");
    const largeFiltered = await medianLoad("?tag=archive&category=Archive+7&page=2");
    console.log(
      `blog loader median: 6 posts ${small.toFixed(1)} ms (search ${smallSearch.toFixed(1)}), 2 006 posts ${large.toFixed(1)} ms (search ${largeSearch.toFixed(1)}, filtered page 2 ${largeFiltered.toFixed(1)})`,
    );
    expect(large).toBeLessThan(small * 2 + 10);
    expect(largeSearch).toBeLessThan(smallSearch * 2 + 25);
  }, 120_000);
});
