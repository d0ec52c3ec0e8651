import { redirect } from "react-router";
import { logoutAction } from "~/lib/account-session.server";

/** Sign out is a POST (the account menu's form); a GET just goes home. */
export function loader() {
  return redirect("/");
}

export const action = logoutAction;
