/**
 * A value read from the backend and held by this process (the site's content snapshot): read
 * once, shared by every request, read again after a change (`invalidate`) or when it is older
 * than `maxAgeMs`. One read at a time (single flight); a failed read keeps the last good value;
 * every good value is saved (a file), and the saved one serves when the backend cannot be
 * reached before any read succeeded.
 */

export interface SnapshotSource<T> {
  /** Reads the current value from the backend (throws when it cannot). */
  load(): Promise<T>;
  /** The value saved last, if any (the backend is unreachable and nothing was read yet). */
  readSaved(): Promise<T | undefined>;
  /** Keeps a value read for the next start (best effort). */
  save(value: T): Promise<void>;
}

export interface Snapshot<T> {
  value: T;
  /** When it was read (the store's clock); for a saved value, when it was read back. */
  readAt: number;
  /** The invalidation it was read after (-1: read back from the saved file). */
  generation: number;
}

export interface SnapshotStoreOptions {
  /** A value older than this is read again (changes made outside the site). */
  maxAgeMs: number;
  /** After a failed read, the last good value serves this long before the next attempt. */
  retryMs: number;
  now?: () => number;
  log?: (message: string) => void;
  /** What the value is, in log lines ("site content"). */
  label?: string;
}

export class SnapshotStore<T> {
  private current: Snapshot<T> | undefined;
  /** Bumped by every invalidation: a value read before it is stale. */
  private generation = 0;
  private inflight: { generation: number; promise: Promise<Snapshot<T>> } | undefined;
  private retryAt = 0;
  /** The last read failed (one log line per outage, not one per attempt). */
  private failing = false;
  private readonly now: () => number;
  private readonly log: (message: string) => void;

  private readonly source: SnapshotSource<T>;
  private readonly options: SnapshotStoreOptions;

  constructor(source: SnapshotSource<T>, options: SnapshotStoreOptions) {
    this.source = source;
    this.options = options;
    this.now = options.now ?? (() => performance.now());
    this.log = options.log ?? ((message) => console.error(message));
  }

  /**
   * The value to serve now. After an invalidation (or with nothing but a saved value) it waits
   * for a fresh read, so a change is visible to the next request; a value that only aged is
   * served while it is read again in the background. Throws only when there is no value at all.
   */
  async get(): Promise<Snapshot<T>> {
    const current = this.current;
    if (!current) return this.read();
    const invalidated = current.generation !== this.generation;
    if (!invalidated && this.now() - current.readAt < this.options.maxAgeMs) return current;
    // The backend failed a moment ago: the last good value, without asking again yet.
    if (this.now() < this.retryAt) return current;
    if (!invalidated) {
      this.read().catch(() => {});
      return current;
    }
    return this.read();
  }

  /** Something changed: the next `get` reads again (and the backend is worth asking at once). */
  invalidate(): void {
    this.generation++;
    this.retryAt = 0;
  }

  /** One read at a time; a read started before the latest invalidation is not joined. */
  private read(): Promise<Snapshot<T>> {
    const generation = this.generation;
    if (this.inflight?.generation === generation) return this.inflight.promise;
    const promise = this.source
      .load()
      .then(
        (value) => this.keep(value, generation),
        (error: unknown) => this.fallBack(error),
      )
      .finally(() => {
        if (this.inflight?.promise === promise) this.inflight = undefined;
      });
    this.inflight = { generation, promise };
    return promise;
  }

  private keep(value: T, generation: number): Snapshot<T> {
    const snapshot = { value, readAt: this.now(), generation };
    // A slower read that started earlier never replaces a newer one.
    if (this.current && this.current.generation > generation) return this.current;
    this.current = snapshot;
    this.retryAt = 0;
    this.failing = false;
    this.source.save(value).catch((error: unknown) => {
      this.log(
        `${this.options.label ?? "site content"}: could not save the snapshot (${messageOf(error)})`,
      );
    });
    return snapshot;
  }

  private async fallBack(error: unknown): Promise<Snapshot<T>> {
    this.retryAt = this.now() + this.options.retryMs;
    if (!this.failing) {
      this.log(
        `${this.options.label ?? "site content"}: read failed (${messageOf(error)}); serving the last good copy`,
      );
    }
    this.failing = true;
    if (!this.current) {
      const saved = await this.source.readSaved().catch(() => undefined);
      if (saved !== undefined && !this.current) {
        this.current = { value: saved, readAt: this.now(), generation: -1 };
      }
    }
    if (this.current) return this.current;
    throw error;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
