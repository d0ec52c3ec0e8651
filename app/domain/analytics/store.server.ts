import cluster from "node:cluster";
import { DaySalts } from "~/infra/day-salts";
import type { Env } from "~/infra/env.server";
import { serviceRoleClient } from "~/infra/supabase.server";
import type { NotCounted, PendingEvent, RecordedEvent } from "./event";
import { localSalts, primarySalts, redisSalts, SaltCache } from "./salts.server";
import { Tally } from "./tally";
import { addressId, agencyDay, visitorId } from "./visitor.server";

function client() {
  const service = serviceRoleClient();
  if (!service) throw new Error("analytics needs SUPABASE_SERVICE_ROLE_KEY to write");
  return service;
}

/** The database's caps on what a day stores (analytics_record; docs/analytics.md). */
export interface StoreCaps {
  dayBudget: number;
  browsersPerAddress: number;
  eventsPerVisitor: number;
}

export function capsOf(config: Env): StoreCaps {
  return {
    dayBudget: config.ANALYTICS_DAILY_EVENTS,
    browsersPerAddress: config.ANALYTICS_BROWSERS_PER_ADDRESS,
    eventsPerVisitor: config.ANALYTICS_EVENTS_PER_VISITOR,
  };
}

/**
 * The day salts of this process, of the agency's days (AGENCY_TIME_ZONE): from Redis with
 * REDIS_URL (every instance agrees), else from the cluster's primary (every worker of the
 * machine agrees), else from its own memory. Made once per process (the collector's).
 */
export function saltCacheFor(config: Env): SaltCache {
  const zone = config.AGENCY_TIME_ZONE;
  const machine = cluster.isWorker ? primarySalts() : localSalts(new DaySalts(zone));
  return new SaltCache(
    config.REDIS_URL ? redisSalts(config.REDIS_URL, machine, zone) : machine,
    zone,
  );
}

/**
 * The rows of a batch: each with its day's visitor id and address hash in place of the address
 * and browser; an event whose day has no salt any more is not counted (`late`).
 */
export function storedRows(
  batch: PendingEvent[],
  salts: Map<string, string>,
  site: string,
  timeZone: string,
): { rows: RecordedEvent[]; late: NotCounted[] } {
  const rows: RecordedEvent[] = [];
  const late = new Tally();
  for (const { ip, userAgent, at, ...event } of batch) {
    const day = agencyDay(at, timeZone);
    const salt = salts.get(day);
    if (!salt) {
      late.add(day, "late");
      continue;
    }
    rows.push({
      ...event,
      at: new Date(at).toISOString(),
      visitor: visitorId(salt, site, ip, userAgent),
      address: addressId(salt, site, ip),
    });
  }
  return { rows, late: late.entries() };
}

/** The database refused the rows themselves (a bad value), not the request: try fewer. */
export class RefusedRows extends Error {}

/** PostgREST's unreadable body, and PostgreSQL's data exceptions and constraint violations. */
const REFUSAL = /^(PGRST102|22...|23...)$/;

/**
 * One call of analytics_record: `batch` names it, so that a call sent again after its answer was
 * lost is stored once. Throws RefusedRows, or Error when the backend failed.
 */
export type RecordCall = (
  rows: RecordedEvent[],
  notCounted: NotCounted[],
  batch: string,
) => Promise<void>;

export function recordCall(caps: StoreCaps, timeZone: string): RecordCall {
  return async (rows, notCounted, batch) => {
    const { error } = await client().rpc("analytics_record", {
      p_batch: batch,
      p_events: rows as never,
      p_not_counted: notCounted as never,
      p_day_budget: caps.dayBudget,
      p_browsers_per_address: caps.browsersPerAddress,
      p_events_per_visitor: caps.eventsPerVisitor,
      // The database counts the days in the same zone as the salts (analytics_settings).
      p_time_zone: timeZone,
    });
    if (!error) return;
    if (REFUSAL.test(error.code ?? "")) throw new RefusedRows(error.code);
    throw new Error(`analytics record: ${error.message}`);
  };
}

/** Calls one batch may make while it looks for the rows the database refuses. */
const MAX_CALLS = 48;

/**
 * Writes rows with `call`; when the database refuses them, halves and tries again, so one bad
 * row never costs the others: it is set aside, counted (`refused`) and logged by its error code
 * alone (its text may be anything a visitor sent). Throws only when nothing could be written
 * (the backend down: the buffer tries the batch again); a failure after part of the batch is
 * stored gives the rest up as `unwritten`, since writing the batch again would count twice.
 * Resolves with the events not counted.
 */
export async function writeRows(
  call: RecordCall,
  rows: RecordedEvent[],
  notCounted: NotCounted[],
  batch: string,
  timeZone: string,
): Promise<NotCounted[]> {
  const aside = new Tally();
  let calls = 0;
  let stored = false;
  const setAside = (part: RecordedEvent[], reason: NotCounted["reason"]) => {
    for (const row of part) aside.add(agencyDay(Date.parse(row.at), timeZone), reason);
  };
  // Each part is named after its place in the halving: the same batch sent again (the buffer
  // retries one whose first call failed) splits the same way, under the same names.
  const attempt = async (part: RecordedEvent[], counts: NotCounted[], name: string) => {
    if (calls >= MAX_CALLS) {
      // Too many bad rows to find one by one: what is left of the refused batch goes whole.
      setAside(part, "refused");
      aside.addAll(counts);
      return;
    }
    calls++;
    try {
      await call(part, counts, name);
      stored = true;
      return;
    } catch (error) {
      if (!(error instanceof RefusedRows)) {
        if (!stored) throw error;
        setAside(part, "unwritten");
        aside.addAll(counts);
        return;
      }
      if (part.length === 0) {
        console.warn(
          `analytics: the database refused the counts of events not counted (${error.message})`,
        );
      } else if (counts.length > 0) {
        // The rows alone, then the counts alone: either may be what was refused.
        await attempt(part, [], `${name}.r`);
        await attempt([], counts, `${name}.c`);
      } else if (part.length === 1) {
        console.warn(`analytics: the database refused an event (${error.message}); set aside`);
        setAside(part, "refused");
      } else {
        const half = Math.ceil(part.length / 2);
        await attempt(part.slice(0, half), [], `${name}.0`);
        await attempt(part.slice(half), [], `${name}.1`);
      }
    }
  };
  await attempt(rows, notCounted, batch);
  return aside.take();
}

/**
 * Writes batches through the service role (analytics_record: the caps and the daily sums in
 * one transaction). `write` resolves with the events it could not count, for the next batch to
 * report, and throws when nothing was written.
 */
export function createStore(site: string, options: { salts: SaltCache; call: RecordCall }) {
  return {
    async write(
      batch: PendingEvent[],
      notCounted: NotCounted[],
      id: string,
    ): Promise<NotCounted[]> {
      const zone = options.salts.timeZone;
      const known = await options.salts.saltsFor(
        new Set(batch.map((event) => agencyDay(event.at, zone))),
      );
      const { rows, late } = storedRows(batch, known, site, zone);
      options.salts.forgetPast();
      return writeRows(options.call, rows, [...notCounted, ...late], id, zone);
    },
    /** Closes complete days and deletes raw events past retention. */
    async rollup(retentionDays: number): Promise<number> {
      const { data, error } = await client().rpc("analytics_rollup", {
        p_retention_days: retentionDays,
      });
      if (error) throw new Error(`analytics rollup: ${error.message}`);
      return data;
    },
  };
}
