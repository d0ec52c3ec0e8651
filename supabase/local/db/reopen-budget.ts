/**
 * How many running statements may be stopped per minute because their client went away.
 * Each stop costs a reopen of the database (~0.2–0.4 s during which every request waits), so
 * a client that connects, starts something slow and disconnects, over and over, could
 * otherwise keep the database reopening. Past the budget, an abandoned statement runs on to
 * its own statement_timeout, which bounds it anyway.
 */
export class ReopenBudget {
  readonly #perMinute: number;
  readonly #spent: number[] = [];

  constructor(perMinute: number) {
    this.#perMinute = perMinute;
  }

  /** Spends one reopen if the last minute left one; false otherwise. */
  take(now = performance.now()): boolean {
    while (this.#spent.length > 0 && now - (this.#spent[0] ?? 0) >= 60_000) this.#spent.shift();
    if (this.#spent.length >= this.#perMinute) return false;
    this.#spent.push(now);
    return true;
  }
}
