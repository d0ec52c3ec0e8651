import { invoicesLinkText } from "~/domain/billing/client-invoices.server";
import { organisationQuotes } from "~/domain/billing/quotes-view.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { openClientView, refuseClientViewPost } from "~/web/client-view.server";
import { loadOrganisationPage } from "~/web/invitation-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/client-view";

/**
 * /admin/clients/:id/view: the client's organisation page exactly as its members see it (its
 * projects, its people, its quotes, the link to its invoices), read with the database answering as for a member, in the
 * admin's language; the view is in the audit log. No invitations, no removal, no form.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const t = translator(locale);
  const viewing = await openClientView(supabase, args.params.id);
  const page = await loadOrganisationPage(viewing, args.params.id, locale, args.url);
  return {
    organisation: page.organisation,
    people: page.people,
    // "Unread" is each person's own: the admin's would say nothing about the members'.
    projects: page.projects?.map((project) => ({ ...project, unreadText: null })) ?? null,
    error: page.error,
    quotes: await organisationQuotes(viewing, page.organisation.id, t),
    invoicesLink: await invoicesLinkText(viewing, page.organisation.id, t),
    i18n: { ...page.i18n, ...bundle(locale, ["quotes", "viewAs", "account.organisationsCard"]) },
  };
}

/** Read-only: every post answers 403 and changes nothing. */
export function action(_args: Route.ActionArgs): never {
  return refuseClientViewPost();
}
