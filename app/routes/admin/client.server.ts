import { clientKraPin } from "~/domain/billing/settings.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { answerInvitationForm, loadOrganisationPage } from "~/web/invitation-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/client";
import { answerClientPinForm, isClientPinForm } from "./billing-client.server";

/** One client: its people (each removable), the invitations waiting, the form that invites someone. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, user } = await adminLoad(args);
  const page = await loadOrganisationPage(
    supabase,
    args.params.id,
    adminLocale(args.request),
    args.url,
  );
  const kraPin = await clientKraPin(supabase, page.organisation.id);
  const billing = bundle(adminLocale(args.request), ["adminBilling.clientPin"]);
  return { ...page, me: user.id, kraPin, i18n: { ...page.i18n, ...billing } };
}

/** Invites, withdraws an invitation or removes a person (app/web/invitation-form.server.ts). */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  if (await isClientPinForm(args.request)) return answerClientPinForm(args, t);
  return answerInvitationForm(args, args.params.id, (id) => `/admin/clients/${id}`, t);
}
