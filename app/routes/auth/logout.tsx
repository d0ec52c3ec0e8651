import { redirect } from "react-router";
import { logoutAction } from "~/lib/account-session.server";
import { privateFormHeaders } from "~/lib/cache-control";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers = privateFormHeaders;

/** Sign out is a POST (the account menu's form); a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = logoutAction;
