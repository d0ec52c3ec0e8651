import { redirect } from "react-router";
import { emailBannerAction } from "~/lib/account-overlay-actions.server";

/** The e-mail banner's Resend and dismiss buttons post here; a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = emailBannerAction;
