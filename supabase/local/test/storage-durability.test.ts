/** Storage writes across SIGKILL: every acknowledged upload is there, whole, after a restart. */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startLocalSupabase } from "../index.ts";
import { createTestDataDir } from "../testing.ts";
import { spawnBackend } from "./helpers.ts";

const options = { auth: { persistSession: false, autoRefreshToken: false } } as const;
let dir: string;

beforeAll(async () => {
  dir = await createTestDataDir();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 64 KB whose bytes depend on the key, so a torn or swapped file is caught. */
function payload(key: string): Uint8Array {
  const bytes = new Uint8Array(64 * 1024);
  let seed = [...key].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) >>> 0, 7);
  for (let i = 0; i < bytes.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    bytes[i] = seed >>> 24;
  }
  return bytes;
}

it("keeps every acknowledged upload across a SIGKILL mid-stream", async () => {
  const backend = await spawnBackend(dir);
  const storage = createClient(backend.url, backend.key, options).storage.from("media");
  const acknowledged: string[] = [];
  let stop = false;
  const writer = async (stream: number) => {
    for (let i = 0; !stop; i++) {
      const key = `crash/${stream}-${i}.png`;
      const { error } = await storage.upload(key, payload(key), { contentType: "image/png" });
      if (!error) acknowledged.push(key);
      else return; // the connection died with the process
    }
  };
  const writers = [1, 2, 3].map(writer);
  while (acknowledged.length < 15) await new Promise((resolve) => setTimeout(resolve, 10));
  await backend.kill();
  stop = true;
  await Promise.all(writers);

  const reopened = await startLocalSupabase({
    dir,
    port: 0,
    siteUrl: "http://localhost:3000",
    quiet: true,
  });
  try {
    const again = createClient(reopened.url, reopened.serviceRoleKey, options).storage.from(
      "media",
    );
    for (const key of acknowledged) {
      const { data, error } = await again.download(key);
      expect(error, key).toBeNull();
      expect(
        Buffer.from(await (data as Blob).arrayBuffer()).equals(Buffer.from(payload(key))),
        key,
      ).toBe(true);
    }
    // Half-written bodies of the killed process are swept at start.
    expect(readdirSync(join(dir, "storage")).filter((name) => name.startsWith(".tmp-"))).toEqual(
      [],
    );
    const after = await again.upload("crash/after.png", payload("after"), {
      contentType: "image/png",
    });
    expect(after.error).toBeNull();
    console.log(
      `storage crash safety: ${acknowledged.length} uploads acknowledged before SIGKILL, 0 lost`,
    );
  } finally {
    await reopened.close();
  }
}, 90_000);
