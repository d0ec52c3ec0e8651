import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileStore, SNAPSHOT_FOLDER } from "../storage/files.ts";

async function* bytes(text: string) {
  yield new TextEncoder().encode(text);
}

/** What a backup relies on: no version file disappears while a snapshot is taken. */
describe("FileStore during a backup", () => {
  const dir = mkdtempSync(join(tmpdir(), "file-store-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("defers removals while a snapshot runs and links every version", async () => {
    const store = new FileStore(dir);
    const kept = await store.write(bytes("kept until the snapshot is done"), 1024);
    const folder = await store.keepWhile(async () => {
      await store.remove([kept.version]);
      expect(existsSync(join(dir, kept.version))).toBe(true);
      return store.linkAll();
    });
    expect(SNAPSHOT_FOLDER.test(folder.slice(dir.length + 1))).toBe(true);
    expect(existsSync(join(dir, kept.version))).toBe(false);
    expect(readFileSync(join(folder, kept.version), "utf8")).toBe(
      "kept until the snapshot is done",
    );
  });

  it("sweeps snapshot folders a dead backup left behind", async () => {
    const store = new FileStore(dir);
    await store.linkAll();
    new FileStore(dir);
    expect(readdirSync(dir).filter((name) => name.startsWith("."))).toEqual([]);
  });
});
