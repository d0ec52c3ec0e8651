import type { MiddlewareFunction } from "react-router";
import { isAdmin } from "~/domain/admin/rights";
import { adminPassCookie, hasFreshAdminPass } from "~/infra/cookies.server";
import { getAuthUser } from "./session.server";

/**
 * Middleware of the admin layout (app/routes/admin/layout.ts), after `adminOnly`: the session is
 * an administrator's, verified by the auth server (asked once per request: the answer is
 * memoised), so the answer carries an admin pass (app/infra/admin-pass.ts) for the server's form
 * gate — unless the request already has one for this user that is not due for renewal.
 */
export const keepAdminPass: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const user = await getAuthUser(context);
  const response = await next();
  const now = Math.floor(Date.now() / 1000);
  if (user && isAdmin(user) && !hasFreshAdminPass(request, user.id, now)) {
    response.headers.append("Set-Cookie", adminPassCookie(user.id, now));
  }
  return response;
};
