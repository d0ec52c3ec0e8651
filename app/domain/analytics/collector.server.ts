import { verifiedAdminPass } from "~/infra/admin-pass";
import { hasSessionCookie } from "~/infra/cookie-names";
import { env, sessionSecret, siteUrl } from "~/infra/env.server";
import { clipCodePoints } from "~/lib/text";
import { AnalyticsBuffer } from "./buffer.server";
import type { Goal } from "./event";
import { capsOf, createStore, recordCall, saltCacheFor } from "./store.server";
import {
  type HeaderReader,
  isPersonRequest,
  optedOut,
  pageOf,
  sameSitePath,
  visitOf,
} from "./visit.server";

/**
 * A page the Node server answered (server/app.ts calls `countPageView` through the build once
 * the answer is sent — page-cache hits included).
 */
export interface ServedPage {
  method: string;
  /** Path and query as requested. */
  target: string;
  status: number;
  contentType: string;
  ip: string;
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Complete days are closed at most this often per worker (analytics_rollup; any worker may). */
const ROLLUP_EVERY_MS = 60 * 60_000;

interface Collector {
  buffer: AnalyticsBuffer;
  trustProxy: boolean;
  timer: NodeJS.Timeout;
}

let collector: Collector | null | undefined;

/** This process's collector, made on first use; null with ANALYTICS=off. */
function current(): Collector | null {
  if (collector !== undefined) return collector;
  const config = env();
  if (!config.ANALYTICS || !config.SUPABASE_SERVICE_ROLE_KEY) {
    // Hosted Supabase without the service role key: nothing could be written.
    if (config.ANALYTICS) console.log("Analytics off: SUPABASE_SERVICE_ROLE_KEY is not set");
    collector = null;
    return collector;
  }
  const store = createStore(new URL(siteUrl()).host, {
    salts: saltCacheFor(config),
    call: recordCall(capsOf(config), config.AGENCY_TIME_ZONE),
  });
  const buffer = new AnalyticsBuffer(
    (batch, notCounted, id) => store.write(batch, notCounted, id),
    config.AGENCY_TIME_ZONE,
  );
  let lastRollup = Number.NEGATIVE_INFINITY;
  const tick = async () => {
    await buffer.flush();
    if (Date.now() - lastRollup < ROLLUP_EVERY_MS) return;
    lastRollup = Date.now();
    await store
      .rollup(config.ANALYTICS_RETENTION_DAYS)
      .catch((error: unknown) => console.warn("analytics:", error));
  };
  const timer = setInterval(() => void tick(), config.ANALYTICS_FLUSH_SECONDS * 1000);
  timer.unref();
  collector = { buffer, trustProxy: config.TRUST_PROXY === true, timer };
  return collector;
}

/**
 * The agency's own visit: a signed-in administrator, known by the admin pass their sign-in and
 * the site's pages give them (app/web/admin-pass.server.ts), checked in microseconds without
 * asking the auth server. A forged pass fails the signature; a visitor who could forge one would
 * only leave their own views out, which Do-Not-Track already lets anyone do.
 */
function isAgencyVisit(cookie: string | undefined | null): boolean {
  if (!hasSessionCookie(cookie)) return false;
  return verifiedAdminPass(cookie, sessionSecret(), Math.floor(Date.now() / 1000)) !== null;
}

const DOCUMENT = /^text\/html\b/i;
/** React Router's answers to a client-side navigation (`/blog.data`). */
const NAVIGATION_DATA = /^text\/x-script\b/i;

/**
 * Counts a page a person viewed: a successful GET of an HTML page, or of a page's data when
 * JavaScript navigates to it (a view too); not a form's revalidation (the data of the page the
 * visitor is on), not a bot, a prefetch, the back office, a signed-in administrator, nor a
 * visitor sending Do-Not-Track or Global Privacy Control. Not a 304 either: a browser revalidating its copy, which a script
 * can do again and again for free (issue 40).
 */
export function countPageView(page: ServedPage): void {
  if (page.method !== "GET" || page.status !== 200) return;
  const pathname = page.target.split("?", 1)[0] ?? "/";
  const data = pathname.endsWith(".data");
  if (!(data ? NAVIGATION_DATA : DOCUMENT).test(page.contentType)) return;
  const header: HeaderReader = (name) => {
    const value = page.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (!isPersonRequest(header) || optedOut(header) || isAgencyVisit(header("cookie"))) return;
  const counted = pageOf(pathname);
  if (!counted) return;
  if (data && sameSitePath(header("referer"), page.host) === counted.path) return;
  const target = current();
  if (!target) return;
  const facts = { ip: page.ip, host: page.host, header, target: page.target };
  target.buffer.add({
    kind: "view",
    goal: "",
    detail: "",
    ...counted,
    ...visitOf({ ...facts, trustProxy: target.trustProxy }, Date.now()),
  });
}

/**
 * Counts a goal (a lead the site stored) of the visitor making `request`, at the page the form
 * was on; its source and entry page come from the same day's views through the visitor id.
 */
export function recordGoal(request: Request, goal: Goal, detail = ""): void {
  const header: HeaderReader = (name) => request.headers.get(name) ?? undefined;
  if (!isPersonRequest(header) || optedOut(header) || isAgencyVisit(header("cookie"))) return;
  const url = new URL(request.url);
  const counted = pageOf(sameSitePath(header("referer"), url.host) || url.pathname);
  const target = current();
  if (!counted || !target) return;
  const facts = { ip: header("x-client-ip") ?? "unknown", host: url.host, header, target: "" };
  target.buffer.add({
    kind: "goal",
    goal,
    detail: clipCodePoints(detail, 80),
    ...counted,
    ...visitOf({ ...facts, trustProxy: target.trustProxy }, Date.now()),
    // The form's own request names this site; where the visitor came from is in the day's views.
    referrer: "",
  });
}

/** Writes what this process holds (graceful shutdown, rolling restart). */
export async function flushAnalytics(): Promise<void> {
  await collector?.buffer.flush();
}

/**
 * Drops this process's collector without writing what it holds (tests: the next event makes a
 * collector for the configuration of that moment).
 */
export function resetAnalytics(): void {
  if (collector) clearInterval(collector.timer);
  collector = undefined;
}

/** Events this process holds and dropped at its bounds so far; null when it counts nothing. */
export function analyticsState(): { held: number; dropped: number } | null {
  const target = current();
  return target && { held: target.buffer.size, dropped: target.buffer.dropped };
}
