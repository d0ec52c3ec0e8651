import { translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { answerInvitationForm, loadOrganisationPage } from "~/web/invitation-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/client";

/** One client: its people (each removable), the invitations waiting, the form that invites someone. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, user } = await adminLoad(args);
  const page = await loadOrganisationPage(
    supabase,
    args.params.id,
    adminLocale(args.request),
    args.url,
  );
  return { ...page, me: user.id };
}

/** Invites, withdraws an invitation or removes a person (app/web/invitation-form.server.ts). */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  return answerInvitationForm(args, args.params.id, (id) => `/admin/clients/${id}`, t);
}
