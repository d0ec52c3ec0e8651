import type { DropReason, NotCounted } from "./event";

/**
 * Counts of events not counted, by day and reason. A flood drops hundreds of thousands of events
 * into one day: adding one costs two map lookups and no allocation.
 */
export class Tally {
  private days = new Map<string, Map<DropReason, number>>();

  add(day: string, reason: DropReason, events = 1): void {
    let reasons = this.days.get(day);
    if (!reasons) {
      reasons = new Map();
      this.days.set(day, reasons);
    }
    reasons.set(reason, (reasons.get(reason) ?? 0) + events);
  }

  addAll(entries: NotCounted[]): void {
    for (const { day, reason, events } of entries) this.add(day, reason, events);
  }

  get size(): number {
    return this.days.size;
  }

  /** The counts, emptied. */
  take(): NotCounted[] {
    const taken = this.entries();
    this.days.clear();
    return taken;
  }

  entries(): NotCounted[] {
    return [...this.days].flatMap(([day, reasons]) =>
      [...reasons].map(([reason, events]) => ({ day, reason, events })),
    );
  }
}
