import { randomBytes } from "node:crypto";
import { type DaySalts, isSaltAnswer, type SaltRequest } from "~/infra/day-salts";
import { redisClient, redisConnected } from "~/infra/redis.server";
import { dayIn, instantOfWallClock } from "~/lib/time-zone";

/**
 * Where a process gets the day salts of visitor ids (never from the database: issue 40). `kept`
 * is false for a stand-in salt (Redis down): it is used for one batch and asked for again.
 */
export interface Salt {
  value: string;
  kept: boolean;
}
export type SaltReader = (day: string) => Promise<Salt | undefined>;

/** A process that serves alone (tests, WEB_CONCURRENCY=1): its own keeper, in its memory. */
export function localSalts(keeper: DaySalts): SaltReader {
  return async (day) => {
    const value = keeper.saltOf(day);
    return value ? { value, kept: true } : undefined;
  };
}

/** How long a worker waits for its primary (a busy primary answers in microseconds). */
const PRIMARY_TIMEOUT_MS = 2_000;

/** A cluster worker: the primary's keeper (server/primary.ts), over IPC. */
export function primarySalts(): SaltReader {
  let next = 0;
  const waiting = new Map<number, (salt: string | null) => void>();
  process.on("message", (message: unknown) => {
    if (!isSaltAnswer(message)) return;
    waiting.get(message.id)?.(message.salt);
    waiting.delete(message.id);
  });
  return (day) =>
    new Promise((resolve, reject) => {
      if (!process.send || !process.connected) {
        reject(new Error("analytics salts: no cluster primary to ask"));
        return;
      }
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("analytics salts: the primary did not answer"));
      }, PRIMARY_TIMEOUT_MS);
      waiting.set(id, (salt) => {
        clearTimeout(timer);
        resolve(salt ? { value: salt, kept: true } : undefined);
      });
      const request: SaltRequest = { analyticsSalt: "ask", id, day };
      process.send(request);
    });
}

const DAY_MS = 86_400_000;

/** The instant `day` (`2026-12-05`) ends in `timeZone`: the next day's midnight there. */
export function endOfDay(day: string, timeZone: string): number {
  return instantOfWallClock(Date.parse(`${day}T00:00:00Z`) + DAY_MS, timeZone).getTime();
}

/**
 * Every instance of the site: Redis holds each day's salt (the first instance to ask makes it,
 * `SET NX`) and forgets it when the agency's day ends (its expiry). While Redis does not answer,
 * this machine's salt (`fallback`) stands in, batch by batch: visitors of that time seen by two
 * instances count once per instance, and once more after Redis is back.
 */
export function redisSalts(
  url: string,
  fallback: SaltReader,
  timeZone: string,
  now = Date.now,
): SaltReader {
  let warned = false;
  return async (day) => {
    const key = `analytics:salt:${day}`;
    try {
      await redisConnected(url);
      const client = redisClient(url);
      if (day === dayIn(now(), timeZone)) {
        // Gone the very millisecond its day ends (PXAT: an absolute time), never a second later.
        const end = endOfDay(day, timeZone);
        await client.set(key, randomBytes(32).toString("hex"), "PXAT", end, "NX");
      }
      const value = await client.get(key);
      warned = false;
      return value ? { value, kept: true } : undefined;
    } catch (error) {
      if (!warned) {
        warned = true;
        console.warn(
          `analytics: Redis did not give the day's salt (${String(error)}); this machine's stands in`,
        );
      }
      const local = await fallback(day);
      return local && { value: local.value, kept: false };
    }
  };
}

/** A day asked for and not given (its salt is gone) is not asked again sooner. */
const ASK_AGAIN_MS = 10_000;

/**
 * The salts this process used, by day; a day's salt is forgotten here too once the day is over
 * and the batch that needed it is written (`forgetPast`).
 */
export class SaltCache {
  private salts = new Map<string, string>();
  private refused = new Map<string, number>();

  private readonly read: SaltReader;
  readonly timeZone: string;
  private readonly now: () => number;

  constructor(read: SaltReader, timeZone: string, now = Date.now) {
    this.read = read;
    this.timeZone = timeZone;
    this.now = now;
  }

  /** The salts of `days` that exist; throws when the source could not be asked (the batch waits). */
  async saltsFor(days: Iterable<string>): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const day of new Set(days)) {
      const known = this.salts.get(day);
      if (known) {
        found.set(day, known);
        continue;
      }
      if (this.now() - (this.refused.get(day) ?? Number.NEGATIVE_INFINITY) < ASK_AGAIN_MS) continue;
      const salt = await this.read(day);
      if (!salt) this.refused.set(day, this.now());
      else {
        found.set(day, salt.value);
        if (salt.kept) this.salts.set(day, salt.value);
      }
    }
    return found;
  }

  /** Drops the salts of days before today. */
  forgetPast(): void {
    const today = dayIn(this.now(), this.timeZone);
    for (const day of this.salts.keys()) if (day < today) this.salts.delete(day);
    for (const day of this.refused.keys()) if (day < today) this.refused.delete(day);
  }
}
