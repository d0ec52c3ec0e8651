import type { PendingEvent, StoredEvent } from "~/domain/analytics/event";

/** A page view's columns besides its time and visitor: English `/`, no goal, source or country. */
export const PLAIN_VIEW = {
  kind: "view",
  path: "/",
  lang: "en",
  goal: "",
  detail: "",
  referrer: "",
  utm_source: "",
  utm_medium: "",
  utm_campaign: "",
  country: "",
  device: "desktop",
} as const satisfies Omit<StoredEvent, "at" | "visitor">;

/** A page view as a worker holds it before writing (5 December 2026 unless told). */
export function pendingView(fields: Partial<PendingEvent> = {}): PendingEvent {
  return {
    at: Date.UTC(2026, 11, 5),
    ...PLAIN_VIEW,
    ip: "203.0.113.1",
    userAgent: "Firefox",
    ...fields,
  };
}
