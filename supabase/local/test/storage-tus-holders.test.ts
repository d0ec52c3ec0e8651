/**
 * The tus store's count of each holder's unfinished uploads (storage/tus-store.ts): at most
 * `maxOpen` at a time, expired ones not counted, a place freed by finishing or removing one, and
 * the count read again from disk when the backend restarts. (Through HTTP, with the site and
 * concurrent creations: test/integration/project-files-resumable-limit.test.ts.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TusHolderFull, TusStore } from "../storage/tus-store.ts";

const dir = mkdtempSync(join(tmpdir(), "tus-holders-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const upload = (holder: string | null) => ({
  bucketId: "b",
  objectName: "a.pdf",
  length: 10,
  rawMetadata: "",
  contentType: "application/pdf",
  cacheControl: "no-cache",
  userMetadata: null,
  owner: holder,
  holder,
  upsert: false,
});

describe("unfinished uploads per holder", () => {
  it("refuses past the bound until one finishes, is removed or expires, also after a restart", async () => {
    let now = 1_000_000;
    const options = { now: () => now, maxOpen: 2 };
    const store = new TusStore({ dir }, options);
    const first = await store.create(upload("ann"));
    now += 1000;
    await store.create(upload("ann"));
    const refused = await store.create(upload("ann")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TusHolderFull);
    // Retry when the first one expires (an hour after it began).
    expect((refused as TusHolderFull).retryAfterMs).toBe(60 * 60 * 1000 - 1000);
    // Others, and uploads counted against nobody, are not held back.
    await store.create(upload("bob"));
    await store.create(upload(null));
    await store.create(upload(null));
    await store.create(upload(null));

    await store.remove(first.version);
    const third = await store.create(upload("ann"));
    await expect(store.create(upload("ann"))).rejects.toBeInstanceOf(TusHolderFull);

    // A restarted backend reads the count from disk.
    const restarted = new TusStore({ dir }, options);
    await expect(restarted.create(upload("ann"))).rejects.toBeInstanceOf(TusHolderFull);
    await restarted.remove(third.version);
    await restarted.create(upload("ann"));

    // Expired uploads hold no place, swept or not.
    now += 60 * 60 * 1000;
    await restarted.create(upload("ann"));
    await restarted.create(upload("ann"));
    await expect(restarted.create(upload("ann"))).rejects.toBeInstanceOf(TusHolderFull);
  });
});
