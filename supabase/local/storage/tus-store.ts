/**
 * Partial resumable (tus) uploads on disk, under `<data dir>/storage/.tus/`: one file of the
 * bytes received so far (`<version>`) and one of what the upload is (`<version>.json`: bucket,
 * object name, declared length, metadata, who created it, whether it may replace, when it
 * expires). The bytes file's size *is* the upload's offset, so a request cut off mid-body keeps
 * what was written and the next PATCH continues from there — also after a restart.
 *
 * An upload expires an hour after it was created (hosted Storage's TUS_URL_EXPIRY_MS default):
 * expired ones are swept when the store opens and, at most once a minute, when a new upload is
 * created. A finished upload's bytes are moved into the FileStore as a new object version.
 *
 * Each upload may count against a holder (a person: tus-routes.ts decides who): a holder keeps
 * at most `TUS_MAX_OPEN_PER_HOLDER` unexpired, unfinished uploads at a time — each may reserve
 * up to 50 MB of disk, so a person holds 250 MB at most. The count lives in this store (one per
 * backend, whichever site worker sent the request) and is checked and taken in one synchronous
 * step, so two creations at once cannot both take the last place; it is read again from disk
 * after a restart.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileStore } from "./files.ts";

/** Hosted Storage's default expiry of a resumable upload's URL (1 hour). */
export const TUS_EXPIRY_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const VERSION = /^[0-9a-f-]{36}$/;
/** The most unfinished uploads one holder keeps at a time (5 × 50 MB = 250 MB of disk at most). */
export const TUS_MAX_OPEN_PER_HOLDER = 5;

/** A holder already keeps its most unfinished uploads; the first of them expires in `retryAfterMs`. */
export class TusHolderFull extends Error {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super("Too many unfinished uploads");
    this.retryAfterMs = retryAfterMs;
  }
}

export interface TusUpload {
  version: string;
  bucketId: string;
  objectName: string;
  /** Upload-Length: the bytes the finished upload has. */
  length: number;
  /** The Upload-Metadata header as the client sent it (HEAD answers it back). */
  rawMetadata: string;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** The creator's user id; only the same caller may continue the upload. */
  owner: string | null;
  upsert: boolean;
  /** Whom the upload counts against while unfinished (null or absent: nobody). */
  holder?: string | null;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export type NewTusUpload = Omit<TusUpload, "version" | "expiresAt">;

export class TusStore {
  readonly dir: string;
  private readonly expiryMs: number;
  private readonly maxOpen: number;
  private readonly now: () => number;
  private lastSweep = 0;
  /** Each holder's unfinished uploads (version → expiry), read from disk on first use. */
  private held: Promise<Map<string, Map<string, number>>> | null = null;
  /** The holder of each counted upload. */
  private readonly holderOf = new Map<string, string>();
  /** Uploads a PATCH is writing to: a newer request for the same upload stops the older one. */
  private readonly writers = new Map<string, { stop: () => void; done: Promise<void> }>();

  constructor(
    files: Pick<FileStore, "dir">,
    options: { expiryMs?: number; now?: () => number; maxOpen?: number } = {},
  ) {
    this.dir = join(files.dir, ".tus");
    this.expiryMs = options.expiryMs ?? TUS_EXPIRY_MS;
    this.maxOpen = options.maxOpen ?? TUS_MAX_OPEN_PER_HOLDER;
    this.now = options.now ?? Date.now;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  private dataPath(version: string) {
    return join(this.dir, version);
  }

  private infoPath(version: string) {
    return join(this.dir, `${version}.json`);
  }

  /** The holders' unfinished uploads, as the descriptions on disk say (once per store). */
  private heldUploads(): Promise<Map<string, Map<string, number>>> {
    this.held ??= (async () => {
      const held = new Map<string, Map<string, number>>();
      for (const name of await readdir(this.dir)) {
        const upload = name.endsWith(".json") ? await this.find(name.slice(0, -5)) : null;
        if (upload?.holder) this.count(held, upload.holder, upload.version, upload.expiresAt);
      }
      return held;
    })().catch((error: unknown) => {
      this.held = null;
      throw error;
    });
    return this.held;
  }

  private count(
    held: Map<string, Map<string, number>>,
    holder: string,
    version: string,
    at: number,
  ) {
    const versions = held.get(holder) ?? new Map<string, number>();
    held.set(holder, versions.set(version, at));
    this.holderOf.set(version, holder);
  }

  /** Frees the place an upload took (finished, removed, swept). */
  private async uncount(version: string) {
    // After the first read of the disk (it may have counted this upload as it went).
    const held = await this.held?.catch(() => null);
    const holder = this.holderOf.get(version);
    if (!held || !holder) return;
    this.holderOf.delete(version);
    const versions = held.get(holder);
    versions?.delete(version);
    if (versions?.size === 0) held.delete(holder);
  }

  /**
   * Records a new, empty upload; throws TusHolderFull when its holder already keeps the most
   * unfinished uploads (expired ones do not count).
   */
  async create(upload: NewTusUpload): Promise<TusUpload> {
    await this.sweepNow(false);
    const held = await this.heldUploads();
    // From here to the count taken, nothing waits: two creations cannot both take the last place.
    const now = this.now();
    const created: TusUpload = { ...upload, version: randomUUID(), expiresAt: now + this.expiryMs };
    if (upload.holder) {
      const open = [...(held.get(upload.holder)?.values() ?? [])].filter((at) => at > now);
      if (open.length >= this.maxOpen) throw new TusHolderFull(Math.min(...open) - now);
      this.count(held, upload.holder, created.version, created.expiresAt);
    }
    try {
      // The description first: a sweep removes bytes that have none.
      await writeFile(this.infoPath(created.version), JSON.stringify(created), { mode: 0o600 });
      await writeFile(this.dataPath(created.version), new Uint8Array(), {
        mode: 0o600,
        flag: "wx",
      });
    } catch (error) {
      await this.remove(created.version);
      throw error;
    }
    return created;
  }

  /** The upload, or null when there is none (never created, finished, removed). */
  async find(version: string): Promise<TusUpload | null> {
    if (!VERSION.test(version)) return null;
    try {
      return JSON.parse(await readFile(this.infoPath(version), "utf8")) as TusUpload;
    } catch {
      return null;
    }
  }

  isExpired(upload: TusUpload): boolean {
    return upload.expiresAt <= this.now();
  }

  /** Bytes received so far. */
  async offset(version: string): Promise<number> {
    return (await stat(this.dataPath(version))).size;
  }

  /**
   * Appends `body` at `offset` within `length`: the bytes written stay when the body breaks off.
   * Resolves with the new offset; rejects with `tooLarge()` past `length` (what arrived of this
   * request is cut off again), or with the body's error.
   */
  async append(
    upload: TusUpload,
    offset: number,
    body: AsyncIterable<Uint8Array>,
    tooLarge: () => Error,
  ): Promise<number> {
    const handle = await open(this.dataPath(upload.version), "r+");
    let position = offset;
    try {
      for await (const chunk of body) {
        if (position + chunk.byteLength > upload.length) {
          await handle.truncate(offset);
          throw tooLarge();
        }
        await handle.write(chunk, 0, chunk.byteLength, position);
        position += chunk.byteLength;
      }
      await handle.sync();
      return position;
    } finally {
      await handle.close();
    }
  }

  /**
   * Runs `work` as the one writer of `version`: a writer still running (a request whose client
   * went away without the server noticing yet) is stopped first, as tus servers release a lock
   * a newer request asks for.
   */
  async exclusive<T>(version: string, stop: () => void, work: () => Promise<T>): Promise<T> {
    const previous = this.writers.get(version);
    if (previous) {
      previous.stop();
      await previous.done.catch(() => {});
    }
    let release = () => {};
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entry = { stop, done };
    this.writers.set(version, entry);
    try {
      return await work();
    } finally {
      if (this.writers.get(version) === entry) this.writers.delete(version);
      release();
    }
  }

  /** The finished upload's bytes as a new version of the FileStore (its metadata is removed). */
  async finish(upload: TusUpload, files: FileStore) {
    const stored = await files.adopt(this.dataPath(upload.version));
    await rm(this.infoPath(upload.version), { force: true });
    await this.uncount(upload.version);
    return stored;
  }

  async remove(version: string): Promise<void> {
    if (!VERSION.test(version)) return;
    await rm(this.infoPath(version), { force: true });
    await rm(this.dataPath(version), { force: true });
    await this.uncount(version);
  }

  /** Removes expired uploads (and bytes whose description is gone); at most once a minute unless `force`. */
  async sweepNow(force = true): Promise<number> {
    if (!force && this.now() - this.lastSweep < SWEEP_EVERY_MS) return 0;
    this.lastSweep = this.now();
    let removed = 0;
    const names = await readdir(this.dir);
    for (const name of names) {
      const version = name.replace(/\.json$/, "");
      if (!VERSION.test(version) || this.writers.has(version)) continue;
      if (name.endsWith(".json")) {
        const upload = await this.find(version);
        if (upload && !this.isExpired(upload)) continue;
        await this.remove(version);
        removed += 1;
      } else if (!names.includes(`${name}.json`)) {
        await rm(this.dataPath(name), { force: true });
      }
    }
    return removed;
  }
}

const stores = new WeakMap<FileStore, TusStore>();

/** The tus store beside a FileStore (one per backend), swept of expired uploads when first opened. */
export function tusStoreOf(files: FileStore): TusStore {
  let store = stores.get(files);
  if (!store) {
    store = new TusStore(files);
    stores.set(files, store);
    void store.sweepNow().catch(() => {});
  }
  return store;
}
