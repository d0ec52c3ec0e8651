/**
 * The phone page and the test API change payments, so, like the embedded backend's mailbox, they
 * answer only on the stand-in's own loopback address (DNS rebinding), and refuse a request a
 * browser marks as coming from another site — except a top-level navigation to the page. Tests,
 * scripts and curl send no such headers and are unaffected.
 */
import type { Incoming, Outgoing } from "./http.ts";

export function localRefusal(
  request: Incoming,
  ownOrigins: ReadonlySet<string>,
  isPage: boolean,
): Outgoing | undefined {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value.toLowerCase() : undefined;
  };
  const host = header("host");
  if (!host || !ownOrigins.has(`http://${host}`)) {
    return refuse("The stand-in's pages answer only on its own address");
  }
  const reading = request.method === "GET" || request.method === "HEAD";
  if (reading && isPage && header("sec-fetch-mode") === "navigate") return undefined;
  const site = header("sec-fetch-site");
  const origin = header("origin");
  if ((site && site !== "same-origin" && site !== "none") || (origin && !ownOrigins.has(origin))) {
    return refuse("Cross-origin requests are refused");
  }
  return undefined;
}

const refuse = (message: string): Outgoing => ({
  status: 403,
  headers: { "Content-Type": "application/json", "X-Content-Type-Options": "nosniff" },
  body: JSON.stringify({ message }),
});

/** The stand-in's URL and the loopback spellings of its port. */
export function ownOriginsOf(url: string): Set<string> {
  const own = new URL(url);
  const port = own.port ? `:${own.port}` : "";
  const loopback = ["127.0.0.1", "localhost", "[::1]"].map((host) => `http://${host}${port}`);
  return new Set([own.origin, ...loopback]);
}
