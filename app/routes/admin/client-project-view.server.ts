import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { clientProjectPage } from "~/web/client-project.server";
import { openClientView, refuseClientViewPost } from "~/web/client-view.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/client-project-view";

/**
 * /admin/clients/:id/view/projects/:projectId: the client's project page exactly as its members
 * see it — read with the database answering as for a member, so internal notes and draft
 * versions are not there to show — in the admin's language, without a form; the view is in the
 * audit log. Another client's project answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const { id, projectId } = args.params;
  const viewing = await openClientView(supabase, id, projectId);
  const page = await clientProjectPage(viewing, { organisationId: id, projectId }, t, true);
  return { ...page, i18n: { ...page.i18n, ...bundle(t.locale, ["viewAs", "projectFiles.open"]) } };
}

/** Read-only: every post (a decision, a message) answers 403 and changes nothing. */
export function action(_args: Route.ActionArgs): never {
  return refuseClientViewPost();
}
