import type { IncomingMessage } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Token-less CSRF defence in the style of Go 1.25's CrossOriginProtection:
 * - safe methods always pass;
 * - with `Sec-Fetch-Site`: `same-origin` and `none` (user typed it) pass, `cross-site` is
 *   refused, and `same-site` (a sibling subdomain) passes only when `Origin` is this very origin;
 * - without it: a request with no `Origin` passes (non-browser clients), otherwise `Origin`'s
 *   host must equal the `Host` the request was sent to.
 */
export function isCrossOriginRequest(req: IncomingMessage, ownHost: string): boolean {
  if (SAFE_METHODS.has(req.method ?? "GET")) return false;
  const fetchSite = header(req, "sec-fetch-site");
  const origin = header(req, "origin");
  if (fetchSite === "same-origin" || fetchSite === "none") return false;
  if (fetchSite === "cross-site") return true;
  if (!fetchSite && !origin) return false;
  if (!origin || origin === "null") return true;
  try {
    return new URL(origin).host !== ownHost;
  } catch {
    return true;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
