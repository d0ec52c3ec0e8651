import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { SiteRows } from "~/domain/site/rows.server";
import { backendSource } from "~/domain/site/snapshot.server";
import { type SnapshotSource, SnapshotStore } from "~/domain/site/snapshot-store.server";

/** A backend whose reads the test answers one by one. */
function fakeBackend(saved?: string) {
  const pending: { resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const writes: string[] = [];
  let reads = 0;
  const source: SnapshotSource<string> = {
    load: () => {
      reads++;
      return new Promise((resolve, reject) => pending.push({ resolve, reject }));
    },
    readSaved: async () => saved,
    save: async (value) => {
      writes.push(value);
    },
  };
  return {
    source,
    writes,
    reads: () => reads,
    answer: async (value: string) => {
      pending.shift()?.resolve(value);
      await new Promise((r) => setTimeout(r, 0));
    },
    fail: async () => {
      pending.shift()?.reject(new Error("backend down"));
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

function storeOn(backend: ReturnType<typeof fakeBackend>) {
  const clock = { now: 0 };
  const logs: string[] = [];
  const store = new SnapshotStore(backend.source, {
    maxAgeMs: 300_000,
    retryMs: 5_000,
    now: () => clock.now,
    log: (line) => logs.push(line),
  });
  return { store, clock, logs };
}

const served = async (promise: Promise<{ value: string }>) => (await promise).value;

describe("the site content snapshot", () => {
  it("reads once for any number of requests, even arriving together (single flight)", async () => {
    const backend = fakeBackend();
    const { store } = storeOn(backend);
    const gets = Array.from({ length: 50 }, () => served(store.get()));
    expect(backend.reads()).toBe(1);
    await backend.answer("v1");
    expect(await Promise.all(gets)).toEqual(Array(50).fill("v1"));
    expect(await served(store.get())).toBe("v1");
    expect(backend.reads()).toBe(1);
    expect(backend.writes).toEqual(["v1"]);
  });

  it("reads again after a content change, and the next request waits for the new content", async () => {
    const backend = fakeBackend();
    const { store } = storeOn(backend);
    const first = store.get();
    await backend.answer("v1");
    await first;
    store.invalidate();
    const next = served(store.get());
    expect(backend.reads()).toBe(2);
    await backend.answer("v2");
    expect(await next).toBe("v2");
  });

  it("never joins, nor keeps, a read that began before the latest change", async () => {
    const backend = fakeBackend();
    const { store } = storeOn(backend);
    const early = served(store.get()); // read 1 in flight
    store.invalidate();
    const late = served(store.get()); // read 2, after the change
    expect(backend.reads()).toBe(2);
    await backend.answer("before the change");
    await backend.answer("after the change");
    expect(await late).toBe("after the change");
    await early;
    expect(await served(store.get())).toBe("after the change");
  });

  it("serves content older than the max age at once and reads it again in the background", async () => {
    const backend = fakeBackend();
    const { store, clock } = storeOn(backend);
    const first = store.get();
    await backend.answer("v1");
    await first;
    clock.now = 299_999;
    expect(await served(store.get())).toBe("v1");
    expect(backend.reads()).toBe(1);
    clock.now = 300_000;
    expect(await served(store.get())).toBe("v1");
    expect(backend.reads()).toBe(2);
    await backend.answer("edited in Studio");
    expect(await served(store.get())).toBe("edited in Studio");
  });

  it("keeps the last good content when a read fails, and asks again only after a pause", async () => {
    const backend = fakeBackend();
    const { store, clock, logs } = storeOn(backend);
    const first = store.get();
    await backend.answer("good");
    await first;
    store.invalidate();
    const during = served(store.get());
    await backend.fail();
    expect(await during).toBe("good");
    clock.now = 4_999;
    expect(await served(store.get())).toBe("good");
    expect(backend.reads()).toBe(2);
    clock.now = 5_000;
    const retried = served(store.get());
    expect(backend.reads()).toBe(3);
    await backend.fail();
    expect(await retried).toBe("good");
    expect(logs).toHaveLength(1);
    // A change announced means the backend is back: it is asked at once.
    store.invalidate();
    const after = served(store.get());
    await backend.answer("fresh");
    expect(await after).toBe("fresh");
  });

  it("starts from the saved content when the backend cannot be reached, and from nothing else", async () => {
    const withFile = fakeBackend("saved last time");
    const { store } = storeOn(withFile);
    const got = served(store.get());
    await withFile.fail();
    expect(await got).toBe("saved last time");

    const nothing = fakeBackend(undefined);
    const empty = storeOn(nothing).store;
    const failed = expect(empty.get()).rejects.toThrow("backend down");
    await nothing.fail();
    await failed;
  });

  it("replaces the saved content with the backend's as soon as it answers", async () => {
    const backend = fakeBackend("saved last time");
    const { store, clock } = storeOn(backend);
    const got = served(store.get());
    await backend.fail();
    expect(await got).toBe("saved last time");
    clock.now = 5_000;
    const next = served(store.get());
    await backend.answer("live");
    expect(await next).toBe("live");
  });
});

describe("the saved copy of the site content", () => {
  const dir = mkdtempSync(join(tmpdir(), "site-content-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const rows = {
    settings: { id: "site", brand_name: "Jenga Digital" },
    services: [{ slug: "web-development" }],
    categories: [],
    projects: [],
    team: [],
    testimonials: [],
    figures: [],
    legal: [],
    chat: [],
    redirects: [],
  } as unknown as SiteRows;

  it("is written whole, read back, and ignored when it is not site content", async () => {
    const file = join(dir, "nested", "site-content.json");
    const source = backendSource(() => file);
    await source.save(rows);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(rows);
    expect(readdirSync(join(dir, "nested"))).toEqual(["site-content.json"]);
    expect(await source.readSaved()).toEqual(rows);
    writeFileSync(file, '{"settings": null}');
    expect(await source.readSaved()).toBeUndefined();
    writeFileSync(file, "not json");
    expect(await source.readSaved()).toBeUndefined();
    expect(await backendSource(() => join(dir, "missing.json")).readSaved()).toBeUndefined();
  });
});
