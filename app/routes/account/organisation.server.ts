import { canIn } from "~/domain/access/permissions";
import { invoicesLinkText } from "~/domain/billing/client-invoices.server";
import { organisationQuotes } from "~/domain/billing/quotes-view.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { answerInvitationForm, loadOrganisationPage } from "~/web/invitation-form.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/organisation";

/**
 * /organisations/:organisationId: a client organisation as one of its people sees it — who is in
 * it and, for its owners, the invitations waiting, the form that invites a colleague and a way
 * to remove one. Anyone
 * who is not one of its people (nor the agency) gets 404: the database shows them nothing.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, user } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const id = args.params.organisationId;
  const page = await loadOrganisationPage(supabase, id, t.locale, args.url);
  const viewer = args.context.get(viewerContext);
  const canInvite = canIn(viewer, "create", "organisation_invitation", page.organisation.id);
  const canRemove = canIn(viewer, "delete", "organisation_member", page.organisation.id);
  return {
    ...page,
    invitations: canInvite ? page.invitations : null,
    removal: canRemove ? page.removal : null,
    canInvite,
    canRemove,
    me: user.id,
    quotes: await organisationQuotes(supabase, page.organisation.id, t),
    // The link back to the dashboard's words too (its key lives with the invitation's page).
    i18n: { ...page.i18n, ...bundle(t.locale, ["quotes", "invitations.toDashboard"]) },
    invoicesLink: await invoicesLinkText(supabase, page.organisation.id, t),
    // The person's organisations, to switch between them.
    organisations: viewer.memberships.map((m) => ({ id: m.organisationId, name: m.name })),
  };
}

/** An owner invites, withdraws an invitation or removes a colleague (the database checks who may). */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  const pageOf = (id: string) => t.path(`/organisations/${id}`);
  return answerInvitationForm(args, args.params.organisationId, pageOf, t);
}
