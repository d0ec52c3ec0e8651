import { redirect } from "react-router";
import { emailBannerAction } from "~/lib/account-overlay-actions.server";
import { privateFormHeaders } from "~/lib/cache-control";

/** Personal page: never cached; a rate-limited action's Retry-After is passed on. */
export const headers = privateFormHeaders;

/** The e-mail banner's Resend and dismiss buttons post here; a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = emailBannerAction;
