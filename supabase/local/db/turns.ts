/**
 * One holder at a time, first come first served: the database runs one transaction (or one
 * statement outside any) at a time, as PGlite's own lock does. A waiter whose caller gave up
 * (its signal aborts) leaves the line at once with 57014, so requests abandoned behind a slow
 * statement hold neither a place nor memory.
 */
import { userCancel } from "./errors.ts";

interface Waiter {
  grant(release: () => void): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class Turns {
  #held = false;
  readonly #waiting: Waiter[] = [];

  /** True while someone holds the turn or waits for it. */
  get busy(): boolean {
    return this.#held || this.#waiting.length > 0;
  }

  /** Resolves to the function that passes the turn on, once it is the caller's. */
  take(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(userCancel());
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, signal };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.#waiting.indexOf(waiter);
          if (index >= 0) this.#waiting.splice(index, 1);
          reject(userCancel());
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.#waiting.push(waiter);
    });
  }

  /** Runs `work` in the caller's turn. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.take(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (!next) {
        this.#held = false;
        return;
      }
      if (next.onAbort) next.signal?.removeEventListener("abort", next.onAbort);
      next.grant(this.#releaser());
    };
  }
}
