import type { IncomingMessage } from "node:http";
import { verifiedAdminPass } from "../app/infra/admin-pass.ts";
import { hasSessionCookie } from "../app/infra/cookie-names.ts";
import { forwarded } from "./request-body.ts";

/** Who sent a post, as the form gate (server/form-gate.ts) shares admission out. */
export interface PostClient {
  /** The client address, or an administrator's user id. */
  key: string;
  /** A valid admin pass came with it: the administrators' lane. */
  admin?: boolean;
}

export interface PostClientOptions {
  /** Behind a proxy: the first X-Forwarded-For address is the client's (as the rate limits). */
  trustProxy?: boolean;
  /** The secret admin passes are signed with (SESSION_SECRET); none: nobody is an admin. */
  secret?: () => string;
  /** The clock in ms since the epoch (injectable for tests). */
  now?: () => number;
}

/**
 * The post's client, from its headers alone, in microseconds (before its body is read, without
 * asking the auth server): an administrator when it carries a valid admin pass
 * (app/infra/admin-pass.ts) next to a session cookie; else its address — the one the site's
 * rate limits count (server/request-body.ts). A forged, expired or other-secret pass is ignored.
 */
export function postClientOf(req: IncomingMessage, options: PostClientOptions = {}): PostClient {
  const cookie = req.headers.cookie;
  if (options.secret && hasSessionCookie(cookie)) {
    const nowSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
    const pass = verifiedAdminPass(cookie, options.secret(), nowSeconds);
    if (pass) return { key: pass.userId, admin: true };
  }
  const address =
    forwarded(req, "x-forwarded-for", options.trustProxy) ?? req.socket.remoteAddress ?? "unknown";
  return { key: address };
}
