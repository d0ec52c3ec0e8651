/**
 * Object bytes on disk, under `<data dir>/storage/`. One file per object *version* (a UUID, the
 * `version` column of storage.objects), so a row always names bytes that are complete:
 *
 *   1. the body streams into `.tmp-<uuid>` (size and MD5 counted on the way, bounded by the
 *      bucket's limit — an oversized body is never buffered),
 *   2. fsync, rename to `<version>`, fsync the directory,
 *   3. only then is the row committed and the upload acknowledged;
 *   4. the replaced version's file is removed after the commit.
 *
 * A crash before 3 leaves an orphan file (swept at start), never a row without bytes; a crash
 * after 3 loses nothing that was acknowledged.
 *
 * Backups: `keepWhile` defers removals while a database snapshot is taken, and `linkAll` hard-links
 * every version file into `.snapshot-<uuid>/` — so each version a snapshot's rows name is there.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, mkdirSync, readdirSync, rmSync } from "node:fs";
import { copyFile, link, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { storageErrors } from "./errors.ts";

export interface StoredFile {
  version: string;
  size: number;
  /** Quoted hex MD5, as S3 and hosted Storage send it. */
  eTag: string;
}

const VERSION = /^[0-9a-f-]{36}$/;
/** The name of a folder of hard links made by `linkAll`. */
export const SNAPSHOT_FOLDER = /^\.snapshot-[0-9a-f-]{36}$/;

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class FileStore {
  readonly dir: string;
  /** Snapshots in progress: removals wait until none is. */
  private holds = 0;
  private deferred = new Set<string>();

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
    // Bodies that were being written, and backup links left, when a process died.
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".tmp-") || SNAPSHOT_FOLDER.test(name)) {
        rmSync(join(dir, name), { force: true, recursive: true });
      }
    }
  }

  /** Runs `work` (a database snapshot) while no version file is removed. */
  async keepWhile<T>(work: () => Promise<T>): Promise<T> {
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
      if (this.holds === 0) {
        const versions = [...this.deferred];
        this.deferred.clear();
        await this.remove(versions);
      }
    }
  }

  /** Hard links to every version file, in a new `.snapshot-<uuid>` folder; its path. */
  async linkAll(): Promise<string> {
    const folder = join(this.dir, `.snapshot-${randomUUID()}`);
    await mkdir(folder, { mode: 0o700 });
    for (const name of await readdir(this.dir)) {
      if (VERSION.test(name)) await link(join(this.dir, name), join(folder, name));
    }
    return folder;
  }

  private path(version: string): string {
    if (!VERSION.test(version)) throw storageErrors.noSuchKey();
    return join(this.dir, version);
  }

  /** Streams `body` to a new version file; refuses (and deletes) past `limit` bytes. */
  async write(body: AsyncIterable<Uint8Array> | Readable, limit: number): Promise<StoredFile> {
    const version = randomUUID();
    const temp = join(this.dir, `.tmp-${version}`);
    const md5 = createHash("md5");
    let size = 0;
    const handle = await open(temp, "wx", 0o600);
    try {
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > limit) throw storageErrors.tooLarge();
        md5.update(chunk);
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (error) {
      await handle.close().catch(() => {});
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temp, this.path(version));
    await syncDirectory(this.dir);
    return { version, size, eTag: `"${md5.digest("hex")}"` };
  }

  /**
   * A complete file elsewhere on the same disk (a finished resumable upload, already synced)
   * moved in as a new version; its MD5 is counted on a read of it.
   */
  async adopt(path: string): Promise<StoredFile> {
    const version = randomUUID();
    const md5 = createHash("md5");
    let size = 0;
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      size += chunk.length;
      md5.update(chunk);
    }
    await rename(path, this.path(version));
    await syncDirectory(this.dir);
    return { version, size, eTag: `"${md5.digest("hex")}"` };
  }

  /** A durable copy of a version under a new version (object copy). */
  async copy(version: string): Promise<string> {
    const target = randomUUID();
    const temp = join(this.dir, `.tmp-${target}`);
    await copyFile(this.path(version), temp);
    const handle = await open(temp, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.path(target));
    await syncDirectory(this.dir);
    return target;
  }

  async size(version: string): Promise<number> {
    return (await stat(this.path(version))).size;
  }

  /** Bytes `start`..`end` (inclusive) of a version, streamed. */
  read(version: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(version), range);
  }

  async remove(versions: Iterable<string | null | undefined>): Promise<void> {
    for (const version of versions) {
      if (!version || !VERSION.test(version)) continue;
      if (this.holds > 0) this.deferred.add(version);
      else await rm(this.path(version), { force: true });
    }
  }
}
