import { data } from "react-router";
import {
  createOrganisation,
  listOrganisations,
  organisationSchema,
} from "~/domain/access/organisations.server";
import { withUnread } from "~/domain/portal/message-view.server";
import { unreadByOrganisation } from "~/domain/portal/messages.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/clients";

/**
 * The client organisations, by name, with how many people each has and how many messages of
 * their threads the admin has not read (one request for the whole list).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const t = translator(locale);
  const i18n = bundle(locale, ["adminClients", "thread"]);
  const list = await listOrganisations(supabase);
  if (!list.ok) return data({ clients: null, error: list.message, i18n }, { status: 502 });
  const unread = await unreadByOrganisation(
    supabase,
    list.value.map((client) => client.id),
  );
  const clients = withUnread(
    list.value.map((client) => ({
      ...client,
      peopleText: t("adminClients.people", { count: client.members }),
    })),
    unread.ok ? unread.value : new Map(),
    locale,
  );
  return { clients, error: null, i18n };
}

/** Creates a client organisation, then opens it (to invite its first owner). */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const form = await readAdminForm(args, organisationSchema(t));
  if ("answer" in form) return form.answer;
  const created = await createOrganisation(form.supabase, form.value.name);
  const to = created.ok ? `/admin/clients/${created.value}` : "/admin/clients";
  return answerWith(created, to, t("adminClients.created", { name: form.value.name }));
}
