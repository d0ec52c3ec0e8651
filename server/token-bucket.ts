/**
 * A token bucket: `perSecond` tokens a second, at most `perSecond` (and at least one) held, so a
 * burst of as many is let through at once. Refilled lazily from the clock on each look, so an
 * idle bucket costs nothing.
 */
export class TokenBucket {
  private tokens: number;
  private refilledAt: number;
  private readonly capacity: number;
  private readonly perSecond: number;

  constructor(perSecond: number, now: number) {
    this.perSecond = perSecond;
    this.capacity = Math.max(1, perSecond);
    this.tokens = this.capacity;
    this.refilledAt = now;
  }

  private refill(now: number): void {
    const refill = ((now - this.refilledAt) / 1000) * this.perSecond;
    this.tokens = Math.min(this.capacity, this.tokens + refill);
    this.refilledAt = now;
  }

  /** Whether a token is there now beyond `kept` tokens (taking none). */
  has(now: number, kept = 0): boolean {
    this.refill(now);
    return this.tokens >= 1 + kept;
  }

  /** Half of what the bucket holds when full. */
  get half(): number {
    return this.capacity / 2;
  }

  /** Takes a token; call after `has` answered true. */
  take(): void {
    this.tokens -= 1;
  }

  /** Full again: a bucket in this state is the same as a new one (it can be forgotten). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.capacity;
  }
}
