import type { User } from "@supabase/supabase-js";
import type { MiddlewareFunction } from "react-router";
import { isAdmin } from "~/domain/admin/rights";
import { adminPassCookie, hasFreshAdminPass } from "~/infra/cookies.server";
import { knownAuthUser } from "./session.server";

/**
 * Middleware of every route (app/root.server.ts): when the page's loaders verified the session
 * as an administrator's with the auth server (they ask once per request: the answer is
 * memoised, and this never asks on its own), the answer carries an admin pass
 * (app/infra/admin-pass.ts) — unless the request already has one for this user that is not due
 * for renewal. The server's form gate gives the pass's posts the administrators' lane; the
 * analytics leave its views out (app/domain/analytics/collector.server.ts): the agency browsing
 * its own site is not a visitor.
 */
export const keepAdminPass: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const user = await knownAuthUser(context);
  const pass = user ? freshAdminPass(request, user) : undefined;
  if (pass) response.headers.append("Set-Cookie", pass);
  return response;
};

/** The Set-Cookie of a new admin pass for `user`, when an administrator needs one. */
export function freshAdminPass(request: Request, user: User): string | undefined {
  const now = Math.floor(Date.now() / 1000);
  if (!isAdmin(user) || hasFreshAdminPass(request, user.id, now)) return undefined;
  return adminPassCookie(user.id, now);
}
