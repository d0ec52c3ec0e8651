import type { RouterContextProvider } from "react-router";
import { signOut } from "~/domain/accounts/auth.server";
import { clearUnsaved } from "~/domain/onboarding/progress.server";
import {
  expiredAdminPassCookie,
  expiredSupabaseCookies,
  sessionOnlyCookie,
} from "~/infra/cookies.server";
import { getSupabase } from "./session.server";

/**
 * Signs the session out and answers the cookies that end it — also when the backend cannot
 * (unreachable, or the account was just deleted): the headers of the redirect that follows.
 */
export async function endSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Headers> {
  const result = await signOut(getSupabase(context));
  const headers = new Headers();
  if (!result.ok)
    for (const cookie of expiredSupabaseCookies(request)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", sessionOnlyCookie(false));
  // The admin pass ends with the session it was given for.
  headers.append("Set-Cookie", expiredAdminPassCookie());
  headers.append("Set-Cookie", await clearUnsaved(request.headers.get("Cookie")));
  return headers;
}
