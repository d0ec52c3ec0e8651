import { redirect } from "react-router";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { SESSION_SUBJECT } from "~/lib/toast";
import { endSession } from "~/web/end-session.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/logout";

/** Sign out is a POST (the account menu's form); a GET just goes home. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(translator(localeOf(url)).path("/"));
}

/**
 * POST /logout: ends the session (cookies cleared even if the backend is unreachable). The form
 * has no fields: its body is never read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await endSession(request, context);
  const t = translator(localeOf(request));
  // Every toast shown before is about the session that ended (app/lib/toast.ts).
  return redirectWithToast(
    t.path("/"),
    { type: "info", title: t("auth.signedOut"), subject: SESSION_SUBJECT },
    { headers },
  );
}
