import { redirect } from "react-router";
import { receivePrivateFile } from "~/domain/files/file-upload.server";
import { privateFileKey, servePrivateFile } from "~/domain/files/private-files.server";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { destinationIn } from "~/lib/safe-redirect";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/file";

/**
 * GET /files/<organisation id>/<path>: a private file of a client organisation, for the
 * signed-in people the permission table lets read it (the account layout sends anyone else to
 * sign in); streamed, never cached, never through the page cache or /media. Another client's
 * file and a made-up path are the same 404. A download by the client's people is written in the
 * audit log for the agency; `?preview=1` (an image's preview in a Files list) is not a download:
 * images only, not logged (docs/portal.md "Files").
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = privateFileKey(params.organisationId, params["*"]);
  if (!key) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...cacheHeaders("private") },
    });
  }
  return servePrivateFile(getSupabase(context), key, request);
}

/**
 * POST /files/<organisation id> (a form with a `file`, works without JavaScript): the file is
 * passed on to Storage as it arrives (app/domain/files/file-upload.server.ts), then back to the
 * page the form was on (`?back=`, a path of this site) with what happened.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const url = new URL(request.url);
  const back = destinationIn(url.searchParams.get("back"), t.locale, t.path("/dashboard"));
  if (params["*"]) throw redirect(back);
  const received = await receivePrivateFile(getSupabase(context), params.organisationId, request);
  if (!received.ok) return redirectWithToast(back, { type: "error", title: received.message });
  return redirectWithToast(back, {
    type: "success",
    title: `${received.value.name} was received`,
  });
}
