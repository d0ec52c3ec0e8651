/**
 * The day salts of visitor ids, kept in memory only: never written to the database or a file,
 * so no backup holds one (issue 40). One keeper per machine — the single process, or the
 * cluster's primary, which answers its workers over IPC (server/primary.ts) — and Redis between
 * instances when REDIS_URL is set (app/domain/analytics/salts.server.ts). Dependency-free: the primary imports it.
 */
import { randomBytes } from "node:crypto";
import { dayIn } from "../lib/time-zone.ts";

/**
 * Today's salt (the agency's day in `timeZone`), made when first asked for; a past day's salt is
 * forgotten as soon as the day is over (its visitor ids can never be made again) and a future
 * day's is not made early.
 */
export class DaySalts {
  private salts = new Map<string, string>();
  private readonly timeZone: string;
  private readonly now: () => number;

  constructor(timeZone: string, now = Date.now) {
    this.timeZone = timeZone;
    this.now = now;
  }

  saltOf(day: string): string | undefined {
    const today = dayIn(this.now(), this.timeZone);
    for (const known of this.salts.keys()) if (known < today) this.salts.delete(known);
    if (day !== today) return this.salts.get(day);
    let salt = this.salts.get(day);
    if (!salt) {
      salt = randomBytes(32).toString("hex");
      this.salts.set(day, salt);
    }
    return salt;
  }
}

/** A worker asks the primary for a day's salt; the answer carries the same id. */
export interface SaltRequest {
  analyticsSalt: "ask";
  id: number;
  day: string;
}
export interface SaltAnswer {
  analyticsSalt: "answer";
  id: number;
  salt: string | null;
}

export function isSaltRequest(message: unknown): message is SaltRequest {
  return (message as SaltRequest | null)?.analyticsSalt === "ask";
}

export function isSaltAnswer(message: unknown): message is SaltAnswer {
  return (message as SaltAnswer | null)?.analyticsSalt === "answer";
}

/** The primary's answer to a worker's request. */
export function answerSaltRequest(keeper: DaySalts, request: SaltRequest): SaltAnswer {
  return { analyticsSalt: "answer", id: request.id, salt: keeper.saltOf(request.day) ?? null };
}
