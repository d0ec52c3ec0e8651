import { redirect } from "react-router";
import { signOut } from "~/domain/accounts/auth.server";
import { clearOnboarding } from "~/domain/onboarding/progress.server";
import { expiredSupabaseCookies, sessionOnlyCookie } from "~/infra/cookies.server";
import { getSupabase } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import type { Route } from "./+types/logout";

/** Sign out is a POST (the account menu's form); a GET just goes home. */
export function loader() {
  return redirect("/");
}

/**
 * POST /logout: ends the session (cookies cleared even if the backend is unreachable). The form
 * has no fields: its body is never read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(getSupabase(context));
  const headers = new Headers();
  if (!result.ok)
    for (const cookie of expiredSupabaseCookies(request)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", sessionOnlyCookie(false));
  headers.append("Set-Cookie", await clearOnboarding(request.headers.get("Cookie")));
  return redirectWithToast("/", { type: "info", title: "You have been signed out." }, { headers });
}
