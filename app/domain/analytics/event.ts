/** The goals the site counts: the leads it stores. */
export const GOALS = ["contact", "quote", "signup", "newsletter", "onboarding"] as const;
export type Goal = (typeof GOALS)[number];

export type Device = "desktop" | "mobile" | "tablet";

/**
 * A page view or goal as held in a worker's memory until the next batch write. `ip` and
 * `userAgent` only ever make the visitor id (app/domain/analytics/visitor.server.ts) when the
 * batch is written; they are never written themselves.
 */
export interface PendingEvent {
  at: number;
  kind: "view" | "goal";
  /** The page's path with its language prefix, without query: `/sw/services`. */
  path: string;
  lang: "en" | "sw" | "fr";
  goal: Goal | "";
  detail: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  country: string;
  device: Device;
  ip: string;
  userAgent: string;
}

/** A row of `analytics_events` (supabase/migrations/20261205200001_analytics.sql). */
export interface StoredEvent extends Omit<PendingEvent, "at" | "ip" | "userAgent"> {
  at: string;
  visitor: string;
}

/**
 * What the writer sends for an event (analytics_record): its row, and its address as the day's
 * hash (for the cap on browsers per address; never stored in the event).
 */
export interface RecordedEvent extends StoredEvent {
  address: string;
}

/**
 * Why an event was not counted (analytics_dropped, supabase/migrations/20261207000001_analytics_sums.sql):
 * a worker's buffer drops `burst` (one browser over its per-minute cap), `overflow` (the buffer
 * full) and `unwritten` (a batch failed twice); the writer sets aside `refused` rows; the
 * database's caps drop `browsers`, `visitor` and `budget`, and closed days `late`.
 */
export const DROP_REASONS = [
  "burst",
  "overflow",
  "unwritten",
  "refused",
  "browsers",
  "visitor",
  "budget",
  "late",
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** Events of one day not counted for one reason. */
export interface NotCounted {
  day: string;
  reason: DropReason;
  events: number;
}
