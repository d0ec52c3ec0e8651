import { canIn } from "~/domain/access/permissions";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { answerInvitationForm, loadOrganisationPage } from "~/web/invitation-form.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/organisation";

/**
 * /organisations/:organisationId: a client organisation as one of its people sees it — who is in
 * it and, for its owners, the invitations waiting and the form that invites a colleague. Anyone
 * who is not one of its people (nor the agency) gets 404: the database shows them nothing.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const page = await loadOrganisationPage(supabase, args.params.organisationId, t.locale);
  const viewer = args.context.get(viewerContext);
  const canInvite = canIn(viewer, "create", "organisation_invitation", page.organisation.id);
  return { ...page, invitations: canInvite ? page.invitations : null, canInvite };
}

/** An owner invites a colleague or withdraws an invitation (the database checks who may). */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  const pageOf = (id: string) => t.path(`/organisations/${id}`);
  return answerInvitationForm(args, args.params.organisationId, pageOf, t);
}
