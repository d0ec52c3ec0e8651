import { data } from "react-router";
import {
  invitationActionSchema,
  inviteToOrganisation,
  pendingInvitations,
  withdrawInvitation,
} from "~/domain/access/invitations.server";
import {
  organisationById,
  organisationPeople,
  removeMember,
} from "~/domain/access/organisations.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { withUnread } from "~/domain/portal/message-view.server";
import { unreadCounts } from "~/domain/portal/messages.server";
import { projectRows } from "~/domain/portal/project-view.server";
import { organisationProjects } from "~/domain/portal/projects.server";
import { localizeFailure } from "~/i18n/failures.server";
import { dateTime } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { bundle, type Translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import { type AdminArgs, answerWith, readAdminForm } from "./admin-form.server";
import { failedForm } from "./replies.server";
import { redirectWithToast } from "./toast.server";

/**
 * An organisation's page as the signed-in person may see it: the organisation (404 for one they
 * may not read), its people, its waiting invitations (none for whoever may not read them) and
 * its projects, dates in `locale`.
 */
export async function loadOrganisationPage(
  supabase: AppSupabase,
  organisationParam: string | undefined,
  locale: Locale,
  url: URL,
) {
  const organisation = await organisationById(supabase, organisationParam);
  if (!organisation.ok) {
    throw data(
      { message: organisation.message },
      { status: organisation.kind === "not-found" ? 404 : 502 },
    );
  }
  const id = organisation.value.id;
  const [people, invitations, projects] = await Promise.all([
    organisationPeople(supabase, id),
    pendingInvitations(supabase, id),
    organisationProjects(supabase, id),
  ]);
  // "N unread messages" per project: one request for the whole list.
  const unread = projects.ok
    ? await unreadCounts(
        supabase,
        projects.value.map((project) => project.id),
      )
    : null;
  const zone = agencyTimeZone();
  const now = Date.now();
  // `?remove=<user id>`: the confirming step of removing that person (a link, so no JS needed).
  const removing = url.searchParams.get("remove");
  const removal = people.ok ? (people.value.find((p) => p.user_id === removing) ?? null) : null;
  return {
    organisation: organisation.value,
    removal: removal && { user_id: removal.user_id, email: removal.email },
    people: people.ok
      ? people.value.map((person) => ({
          ...person,
          joined: dateTime(person.joined_at, locale, zone, "short"),
        }))
      : null,
    invitations: invitations.ok
      ? invitations.value.map((invitation) => ({
          ...invitation,
          expired: Date.parse(invitation.expires_at) <= now,
          until: dateTime(invitation.expires_at, locale, zone, "short"),
        }))
      : null,
    projects: projects.ok
      ? withUnread(
          await projectRows(projects.value, locale),
          unread?.ok ? unread.value : new Map(),
          locale,
        )
      : null,
    error: [people, invitations, projects].find((result) => !result.ok)?.message ?? null,
    i18n: bundle(locale, ["adminClients", "projects", "thread"]),
  };
}

/**
 * The forms of an organisation's page — the agency's `/admin/clients/:id` and an owner's
 * `/organisations/:id` alike: invites a person (the mail leaves through the outbox), withdraws a
 * waiting invitation or removes a person, as the signed-in person (the database's permission
 * table decides who may; it keeps one owner). A refusal about the address (already a member, invited 3 times today) comes
 * back under the e-mail field with everything typed; back to `pageOf(id)` otherwise.
 */
export async function answerInvitationForm(
  args: AdminArgs,
  organisationParam: string | undefined,
  pageOf: (organisationId: string) => string,
  t: Translator,
) {
  const form = await readAdminForm(args, invitationActionSchema(t.locale));
  if ("answer" in form) return form.answer;
  const organisation = await organisationById(form.supabase, organisationParam);
  if (!organisation.ok) return failedForm(organisation, undefined, { toast: true });
  const organisationId = organisation.value.id;
  const here = pageOf(organisationId);
  const { intent, email = "", role = "member", language = "en", invitation = 0 } = form.value;
  if (intent === "withdraw") {
    const withdrawn = await withdrawInvitation(form.supabase, organisationId, invitation);
    return answerWith(withdrawn, here, t("adminClients.withdrawn"));
  }
  if (intent === "remove") {
    const removed = await removeMember(form.supabase, organisationId, form.value.person ?? "");
    if (!removed.ok) {
      const failure = localizeFailure(removed, t);
      return failedForm(failure, undefined, { toast: true, underForm: false });
    }
    return redirectWithToast(here, {
      type: "success",
      title: t("adminClients.removed", { email: removed.value.email }),
    });
  }
  const value = { email, role, language };
  const invited = await inviteToOrganisation(form.supabase, { organisationId, ...value });
  if (invited.ok) {
    // The mail was queued with the invitation; sent now by this process, else by mail.flush.
    void kickOutbox();
    return redirectWithToast(here, {
      type: "success",
      title: t("adminClients.invited", { email }),
    });
  }
  if (invited.key !== "invitations.alreadyMember" && invited.key !== "invitations.addressToday") {
    return failedForm(invited, undefined, { toast: true });
  }
  const reply: FormReply = {
    result: { initialValue: { intent, ...value }, error: { email: [t(invited.key)] } },
    formError: null,
  };
  return data(reply, { status: invited.kind === "limited" ? 429 : 409 });
}
