import { redirect } from "react-router";
import { onboardingAction } from "~/lib/account-overlay-actions.server";

/** The wizard's steps post here; it is shown over every page, so a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = onboardingAction;
