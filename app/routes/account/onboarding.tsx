import { redirect } from "react-router";
import { onboardingAction } from "~/lib/account-overlay-actions.server";
import { privateFormHeaders } from "~/lib/cache-control";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers = privateFormHeaders;

/** The wizard's steps post here; it is shown over every page, so a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = onboardingAction;
