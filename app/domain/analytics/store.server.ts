import { serviceRoleClient } from "~/infra/supabase.server";
import type { PendingEvent, StoredEvent } from "./event";
import { utcDay, visitorId } from "./visitor.server";

/** A failed salt read is not asked again sooner than this (the backend may be down). */
const SALT_RETRY_MS = 10_000;

function client() {
  const service = serviceRoleClient();
  if (!service) throw new Error("analytics needs SUPABASE_SERVICE_ROLE_KEY to write");
  return service;
}

/**
 * The day salts this process knows (analytics_salts: today's and tomorrow's, made by the
 * database so every worker and instance agrees). A day's salt is forgotten here too once the
 * day is over and its last batch is written.
 */
export class SaltCache {
  private salts = new Map<string, string>();
  private lastAsked = Number.NEGATIVE_INFINITY;

  private readonly read: () => Promise<{ day: string; salt: string }[]>;
  private readonly now: () => number;

  constructor(read: () => Promise<{ day: string; salt: string }[]>, now = Date.now) {
    this.read = read;
    this.now = now;
  }

  async saltsFor(days: Iterable<string>): Promise<Map<string, string>> {
    const missing = [...days].some((day) => !this.salts.has(day));
    if (missing && this.now() - this.lastAsked >= SALT_RETRY_MS) {
      this.lastAsked = this.now();
      for (const { day, salt } of await this.read()) this.salts.set(day, salt);
    }
    return this.salts;
  }

  /** Drops the salts of days before today. */
  forgetPast(): void {
    const today = utcDay(this.now());
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
  }
}

async function readSalts(): Promise<{ day: string; salt: string }[]> {
  const { data, error } = await client().rpc("analytics_salts");
  if (error) throw new Error(`analytics salts: ${error.message}`);
  return data;
}

/** The rows of a batch: each with its day's visitor id in place of the address and browser. */
export function storedRows(
  batch: PendingEvent[],
  salts: Map<string, string>,
  site: string,
): StoredEvent[] {
  const rows: StoredEvent[] = [];
  for (const { ip, userAgent, at, ...event } of batch) {
    const salt = salts.get(utcDay(at));
    // No salt for its day (gone, or the backend unreachable at the day's start): not counted.
    if (!salt) continue;
    rows.push({
      ...event,
      at: new Date(at).toISOString(),
      visitor: visitorId(salt, site, ip, userAgent),
    });
  }
  return rows;
}

/** Writes batches with one insert through the service role. */
export function createStore(site: string, salts = new SaltCache(readSalts)) {
  return {
    async write(batch: PendingEvent[]): Promise<void> {
      const known = await salts.saltsFor(new Set(batch.map((event) => utcDay(event.at))));
      const rows = storedRows(batch, known, site);
      salts.forgetPast();
      if (rows.length === 0) return;
      const { error } = await client().from("analytics_events").insert(rows);
      if (error) throw new Error(`analytics insert: ${error.message}`);
    },
    /** Sums complete days, deletes raw events past retention and past salts. */
    async rollup(retentionDays: number): Promise<number> {
      const { data, error } = await client().rpc("analytics_rollup", {
        p_retention_days: retentionDays,
      });
      if (error) throw new Error(`analytics rollup: ${error.message}`);
      return data;
    },
  };
}
