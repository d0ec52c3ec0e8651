/**
 * The bytes of request bodies one process holds in memory at once. A body's bytes are reserved
 * before they are read (its declared Content-Length at once, or chunk by chunk when it has none)
 * and released when its answer is sent: a flood of large or slow bodies meets a fixed ceiling
 * instead of growing the heap, and new bodies are refused at once (503) while it is full.
 */
export class BodyBudget {
  private used = 0;
  /** Bodies refused because the budget was full (for logs and tests). */
  refused = 0;

  readonly limitBytes: number;

  constructor(limitBytes: number) {
    this.limitBytes = limitBytes;
  }

  /** Reserves `bytes`; false (nothing reserved) when they do not fit. */
  reserve(bytes: number): boolean {
    if (bytes <= 0) return true;
    if (this.used + bytes > this.limitBytes) {
      this.refused++;
      return false;
    }
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}

/** What one request has reserved: released once, when its answer is done. */
export class BodyReservation {
  private held = 0;
  private released = false;
  private readonly budget: BodyBudget;

  constructor(budget: BodyBudget) {
    this.budget = budget;
  }

  take(bytes: number): boolean {
    if (this.released || !this.budget.reserve(bytes)) return false;
    this.held += bytes;
    return true;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.budget.release(this.held);
    this.held = 0;
  }
}

/** Bytes of request bodies one worker may hold at once (see docs/architecture.md). */
export const DEFAULT_BODY_BUDGET_BYTES = 24 * 1024 * 1024;
