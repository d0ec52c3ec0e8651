/** Restart, directory lock, durability across SIGKILL. */
import { rmSync } from "node:fs";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSupabase } from "../index.ts";
import { createTestDataDir } from "../testing.ts";
import { spawnBackend } from "./helpers.ts";

const SITE = "http://localhost:3000";
const options = { auth: { persistSession: false, autoRefreshToken: false } } as const;
let dir: string;

beforeAll(async () => {
  dir = await createTestDataDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("data directory", () => {
  it("keeps data and keys across a restart and refuses a second process", async () => {
    const first = await startLocalSupabase({ dir, port: 0, siteUrl: SITE, quiet: true });
    const service = createClient(first.url, first.serviceRoleKey, options);
    await service.from("newsletter_subscribers").insert({ email: "restart@example.com" });

    await expect(startLocalSupabase({ dir, port: 0, siteUrl: SITE, quiet: true })).rejects.toThrow(
      /already in use by process \d+/,
    );
    await first.close();

    const second = await startLocalSupabase({ dir, port: 0, siteUrl: SITE, quiet: true });
    try {
      expect(second.serviceRoleKey).toBe(first.serviceRoleKey);
      expect(second.users).toEqual([]);
      const again = createClient(second.url, second.serviceRoleKey, options);
      const rows = await again.from("newsletter_subscribers").select("email");
      expect(rows.data).toEqual([{ email: "restart@example.com" }]);
      const posts = await again.from("posts").select("id", { count: "exact", head: true });
      expect(posts.count).toBe(8);
    } finally {
      await second.close();
    }
  });

  it("keeps acknowledged writes after SIGKILL and takes over the stale lock", async () => {
    const { url, key, kill } = await spawnBackend(dir);
    const service = createClient(url, key, options);
    const inserted = await service
      .from("newsletter_subscribers")
      .insert({ email: "kill@example.com" });
    expect(inserted.status).toBe(201);
    await kill();

    const reopened = await startLocalSupabase({ dir, port: 0, siteUrl: SITE, quiet: true });
    try {
      const client = createClient(reopened.url, reopened.serviceRoleKey, options);
      const rows = await client.from("newsletter_subscribers").select("email").order("email");
      expect(rows.data).toEqual([{ email: "kill@example.com" }, { email: "restart@example.com" }]);
    } finally {
      await reopened.close();
    }
  });
});
