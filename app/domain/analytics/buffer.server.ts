import { randomUUID } from "node:crypto";
import { instantOfWallClock } from "~/lib/time-zone";
import type { DropReason, NotCounted, PendingEvent } from "./event";
import { Tally } from "./tally";
import { agencyDay, rateKey } from "./visitor.server";

/**
 * Where a batch goes: one write with the events not counted since the last one, under the
 * batch's id (a batch written again after a lost answer is stored once); it resolves with the
 * events it could not count (reported with the next batch) and throws when the batch was not
 * stored.
 */
export type BatchWriter = (
  batch: PendingEvent[],
  notCounted: NotCounted[],
  id: string,
) => Promise<NotCounted[]>;

interface Batch {
  id: string;
  events: PendingEvent[];
}

export interface BufferLimits {
  /** Events held at once; beyond it new ones are dropped (and counted). */
  maxEvents: number;
  /** A batch is written as soon as this many wait, without waiting for the timer. */
  flushAt: number;
  /** Events one visitor (address + browser) may add per window. */
  perVisitor: number;
  /** Distinct visitors tracked per window; beyond it new visitors' events are dropped. */
  maxVisitors: number;
  windowMs: number;
}

const DAY_MS = 86_400_000;

export const DEFAULT_LIMITS: BufferLimits = {
  maxEvents: 5_000,
  flushAt: 1_000,
  perVisitor: 30,
  maxVisitors: 20_000,
  windowMs: 60_000,
};

/**
 * A worker's analytics events between two batch writes, bounded: at most `maxEvents` held, the
 * batch being written included (a flood of fake views cannot grow memory; the excess is
 * dropped and counted), at most `perVisitor` events per visitor per window, one write in flight
 * at a time. A failed batch is tried once more, under its id, before the next one (a crash
 * loses what is held: the events since the last write). What it drops is counted by day and reason and reported
 * with the next batch, so the admin sees it.
 */
export class AnalyticsBuffer {
  private events: PendingEvent[] = [];
  /** A batch whose write failed once: tried again before the next one, then given up. */
  private retry: Batch | null = null;
  private visitors = new Map<number, number>();
  private windowStart: number;
  private writing: Promise<void> | null = null;
  /** Events of the batch being written (held until the write ends). */
  private inFlight = 0;
  /** Events not counted, not reported to the database yet. */
  private notCounted = new Tally();
  /**
   * The agency's day last dropped into, from its first instant to the next day's (a flood drops
   * into one day: no date formatting each time).
   */
  private lastDay = { start: 0, end: 0, day: "" };
  dropped = 0;
  written = 0;

  private readonly write: BatchWriter;
  private readonly limits: BufferLimits;
  private readonly timeZone: string;
  private readonly now: () => number;

  /** `timeZone`: the agency's (AGENCY_TIME_ZONE), whose days the events not counted are of. */
  constructor(
    write: BatchWriter,
    timeZone: string,
    limits: BufferLimits = DEFAULT_LIMITS,
    now = Date.now,
  ) {
    this.write = write;
    this.timeZone = timeZone;
    this.limits = limits;
    this.now = now;
    this.windowStart = now();
  }

  get size(): number {
    return this.events.length + (this.retry?.events.length ?? 0) + this.inFlight;
  }

  /** Adds an event; false when a bound dropped it. */
  add(event: PendingEvent): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.limits.windowMs) {
      this.visitors.clear();
      this.windowStart = now;
    }
    if (this.size >= this.limits.maxEvents) return this.drop(event, "overflow");
    const key = rateKey(event.ip, event.userAgent);
    const seen = this.visitors.get(key) ?? 0;
    if (seen >= this.limits.perVisitor) return this.drop(event, "burst");
    if (seen === 0 && this.visitors.size >= this.limits.maxVisitors) {
      return this.drop(event, "overflow");
    }
    this.visitors.set(key, seen + 1);
    this.events.push(event);
    if (this.events.length >= this.limits.flushAt && !this.writing) void this.flush();
    return true;
  }

  private drop(event: PendingEvent, reason: DropReason): false {
    this.dropped++;
    this.notCounted.add(this.dayOf(event.at), reason);
    return false;
  }

  private dayOf(at: number): string {
    if (at < this.lastDay.start || at >= this.lastDay.end) {
      const day = agencyDay(at, this.timeZone);
      const midnight = Date.parse(`${day}T00:00:00Z`);
      this.lastDay = {
        start: instantOfWallClock(midnight, this.timeZone).getTime(),
        end: instantOfWallClock(midnight + DAY_MS, this.timeZone).getTime(),
        day,
      };
    }
    return this.lastDay.day;
  }

  /**
   * Writes what is held in one batch (waiting for a write in flight first); resolves when it is
   * stored or given up.
   */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.size === 0 && this.notCounted.size === 0) return;
    const again = this.retry;
    const fresh: Batch = { id: randomUUID(), events: this.events };
    const counts = this.notCounted.take();
    this.retry = null;
    this.events = [];
    this.inFlight = (again?.events.length ?? 0) + fresh.events.length;
    this.writing = (async () => {
      if (again && !(await this.tryWrite(again, []))) {
        for (const event of again.events) this.drop(event, "unwritten");
      }
      if (fresh.events.length + counts.length === 0) return;
      if (!(await this.tryWrite(fresh, counts))) {
        this.notCounted.addAll(counts);
        this.retry = fresh;
      }
    })().finally(() => {
      this.inFlight = 0;
      this.writing = null;
    });
    await this.writing;
  }

  /** One write; false when it failed (the batch was not stored). */
  private async tryWrite(batch: Batch, counts: NotCounted[]): Promise<boolean> {
    try {
      this.notCounted.addAll(await this.write(batch.events, counts, batch.id));
      this.written += batch.events.length;
      return true;
    } catch (error) {
      console.warn(`analytics: ${batch.events.length} events were not written:`, error);
      return false;
    }
  }
}
