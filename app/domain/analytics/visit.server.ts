import { isbot } from "isbot";
import { localeFromPath } from "~/i18n/locale";
import { clipCodePoints } from "~/lib/text";
import type { Device, PendingEvent } from "./event";

/** Reads one request header (lower-case name); undefined when absent. */
export type HeaderReader = (name: string) => string | undefined;

/** What a page view or goal is made of, whichever server path saw it. */
export interface VisitFacts {
  /** The visitor's address (the proxy's X-Forwarded-For with TRUST_PROXY, else the socket's). */
  ip: string;
  /** This site's host as the request named it: a referrer from it is not another site. */
  host: string;
  header: HeaderReader;
  /** The page's address: path and query. */
  target: string;
  /** Country headers are read only behind a trusted proxy (TRUST_PROXY). */
  trustProxy: boolean;
}

/** Characters of a User-Agent kept for the visitor id (real ones are far shorter). */
const MAX_USER_AGENT = 512;

interface BrowserFacts {
  bot: boolean;
  device: Device;
}

const browsers = new Map<string, BrowserFacts>();

/**
 * What a User-Agent tells (isbot's verdict costs ~15 µs: one large pattern), remembered for up
 * to 10 000 distinct ones (real traffic repeats a few hundred; a few MB at most).
 */
export function browserFacts(userAgent: string): BrowserFacts {
  let facts = browsers.get(userAgent);
  if (facts === undefined) {
    facts = { bot: isbot(userAgent), device: deviceClass(userAgent) };
    if (browsers.size >= 10_000) browsers.clear();
    browsers.set(userAgent, facts);
  }
  return facts;
}

/**
 * A person's request: a User-Agent that isbot does not know as a crawler, and not a prefetch
 * (Sec-Purpose/Purpose: prefetch, X-Moz: prefetch) — a prefetched page may never be seen.
 */
export function isPersonRequest(header: HeaderReader): boolean {
  const userAgent = header("user-agent");
  if (!userAgent || browserFacts(clipCodePoints(userAgent, MAX_USER_AGENT)).bot) return false;
  return !(
    isPrefetch(header("sec-purpose")) ||
    isPrefetch(header("purpose")) ||
    isPrefetch(header("x-moz"))
  );
}

const isPrefetch = (value: string | undefined) =>
  value !== undefined && /prefetch|prerender/i.test(value);

/** Do-Not-Track or Global Privacy Control: the visitor asked not to be counted, so nothing is. */
export function optedOut(header: HeaderReader): boolean {
  return header("dnt") === "1" || header("sec-gpc") === "1";
}

/** desktop, mobile or tablet, from the User-Agent alone. */
export function deviceClass(userAgent: string): Device {
  if (/iPad|Tablet|Kindle|Silk|PlayBook|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** Another site's host that linked here; '' for none, a bad header or this site itself. */
export function referrerHost(referer: string | undefined, ownHost: string): string {
  if (!referer) return "";
  // The common case, a page of this site, without parsing.
  if (referer.startsWith(`https://${ownHost}/`) || referer.startsWith(`http://${ownHost}/`)) {
    return "";
  }
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    const own = ownHost
      .toLowerCase()
      .replace(/:\d+$/, "")
      .replace(/^www\./, "");
    return host === own ? "" : clipCodePoints(host, 253);
  } catch {
    return "";
  }
}

/** The path of a same-site referrer ('' otherwise), to tell a navigation from a reload. */
export function sameSitePath(referer: string | undefined, ownHost: string): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    return url.host.toLowerCase() === ownHost.toLowerCase() ? url.pathname : "";
  } catch {
    return "";
  }
}

/** At most 100 characters (code points: analytics_events_utm counts them so). */
const tag = (params: URLSearchParams, name: string) =>
  clipCodePoints(
    (params.get(name) ?? "")
      .trim()
      .toLowerCase()
      .replace(/\p{Cc}/gu, ""),
    100,
  );

/** utm_source, utm_medium and utm_campaign of the page's address (trimmed, lower case). */
export function campaignOf(target: string) {
  const at = target.indexOf("?");
  if (at === -1 || !target.includes("utm_", at)) {
    return { utm_source: "", utm_medium: "", utm_campaign: "" };
  }
  const params = new URLSearchParams(target.slice(at + 1));
  return {
    utm_source: tag(params, "utm_source"),
    utm_medium: tag(params, "utm_medium"),
    utm_campaign: tag(params, "utm_campaign"),
  };
}

/** Proxies' country headers (Cloudflare, CloudFront, a generic one), trusted with TRUST_PROXY. */
const COUNTRY_HEADERS = ["cf-ipcountry", "cloudfront-viewer-country", "x-country-code"];

export function countryOf(header: HeaderReader, trustProxy: boolean): string {
  if (!trustProxy) return "";
  for (const name of COUNTRY_HEADERS) {
    const value = header(name)?.trim().toUpperCase();
    // XX and T1 (Tor) are Cloudflare's "unknown".
    if (value && /^[A-Z]{2}$/.test(value) && value !== "XX" && value !== "T1") return value;
  }
  return "";
}

/**
 * The counted page of a path: its language prefix kept, a data request (`/blog.data`,
 * `/_root.data`) read as its page, at most 200 characters; null for the back office, which is
 * not the site's audience.
 */
export function pageOf(pathname: string): { path: string; lang: PendingEvent["lang"] } | null {
  let path = pathname;
  if (path.endsWith(".data")) path = path.slice(0, -5);
  if (path === "/_root" || path === "") path = "/";
  if (path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.")) return null;
  return { path: clipCodePoints(path, 200), lang: localeFromPath(path) };
}

/** The parts of an event that come from the request itself. */
export function visitOf(facts: VisitFacts, now: number) {
  const userAgent = clipCodePoints(facts.header("user-agent") ?? "", MAX_USER_AGENT);
  return {
    at: now,
    ip: facts.ip,
    userAgent,
    device: browserFacts(userAgent).device,
    country: countryOf(facts.header, facts.trustProxy),
    referrer: referrerHost(facts.header("referer"), facts.host),
    ...campaignOf(facts.target),
  };
}
