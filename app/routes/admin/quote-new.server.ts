import { data } from "react-router";
import { z } from "zod";
import { listOrganisations, organisationById } from "~/domain/access/organisations.server";
import {
  agencyToday,
  createDraft,
  type DraftSource,
  idOf,
  leadById,
} from "~/domain/billing/quotes.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { projectById } from "~/domain/portal/projects.server";
import { isLocale, type Locale } from "~/i18n/locale";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/quote-new";

/**
 * /admin/quotes/new?lead=ID or ?organisation=…&project=…: where a quote starts. The page says
 * for whom (and, for a lead who is nobody's client yet, that their client organisation is
 * created and they are invited to it); its form takes the title and creates the draft.
 */
async function sourceOf(supabase: AppSupabase, query: URLSearchParams, t: Translator) {
  const notFound = (message: string) => data({ message }, { status: 404 });
  if (query.has("lead")) {
    const lead = await leadById(supabase, idOf(query.get("lead")));
    if (!lead.ok) throw notFound(lead.message);
    return {
      kind: "lead" as const,
      lead: lead.value,
      who: `${lead.value.name} <${lead.value.email}>`,
      organisation: lead.value.organisation,
      // The client reads the title: it is in the lead's language, as the quote will be.
      title: translator(lead.value.locale)("quotes.new.defaultTitle", {
        name: lead.value.organisation?.name ?? lead.value.name,
      }),
    };
  }
  const organisation = await organisationById(supabase, query.get("organisation") ?? undefined);
  if (!organisation.ok) throw notFound(organisation.message);
  const project = query.get("project")
    ? await projectById(supabase, organisation.value.id, query.get("project") ?? undefined)
    : null;
  if (project && !project.ok) throw notFound(project.message);
  return {
    kind: "project" as const,
    who: organisation.value.name,
    organisation: organisation.value,
    project: project?.value ?? null,
    title: project?.value.title ?? t("quotes.new.defaultTitle", { name: organisation.value.name }),
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  // Opened without a lead or a client (the quotes list's "New quote"): the client to choose.
  if (!query.has("lead") && !query.has("organisation")) {
    const clients = await listOrganisations(supabase);
    return {
      choose: clients.ok ? clients.value.map(({ id, name }) => ({ id, name })) : [],
      who: "",
      organisation: null,
      project: null,
      newClient: null,
      email: null,
      title: "",
      i18n: bundle(t.locale, ["quotes"]),
    };
  }
  const source = await sourceOf(supabase, query, t);
  return {
    choose: null,
    who: source.who,
    organisation: source.organisation,
    project: source.kind === "project" ? source.project : null,
    newClient: source.kind === "lead" && !source.organisation ? source.lead.name : null,
    email: source.kind === "lead" ? source.lead.email : null,
    title: source.title,
    i18n: bundle(t.locale, ["quotes"]),
  };
}

function newQuoteSchema(t: Translator) {
  const text = (required: string, tooLong: string) =>
    z.string({ error: required }).trim().min(1, { error: required }).max(200, { error: tooLong });
  return z.object({
    title: text(t("quotes.editor.titleRequired"), t("quotes.editor.titleTooLong")),
    organisation_name: text(t("quotes.new.nameRequired"), t("quotes.new.nameTooLong")).optional(),
  });
}

/** A project's quote is in English unless the link says (`&language=sw`); the editor changes it. */
function languageOf(text: string | null): Locale {
  return text && isLocale(text) ? text : "en";
}

/** Creates the draft (and, for a new client, its organisation and invitation); to its editor. */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const form = await readAdminForm(args, newQuoteSchema(t));
  if ("answer" in form) return form.answer;
  const source = await sourceOf(form.supabase, args.url.searchParams, t);
  const draftSource: DraftSource =
    source.kind === "lead"
      ? {
          kind: "lead",
          lead: source.lead,
          organisationName: form.value.organisation_name ?? source.lead.name,
        }
      : {
          kind: "project",
          organisationId: source.organisation.id,
          projectId: source.project?.id ?? null,
          language: languageOf(args.url.searchParams.get("language")),
        };
  const created = await createDraft(form.supabase, draftSource, form.value.title, agencyToday());
  if (!created.ok) return failedForm(created, form.submission);
  if (created.value.invited) void kickOutbox();
  return redirectWithToast(`/admin/quotes/${created.value.id}`, {
    type: "success",
    title: t(created.value.invited ? "quotes.new.createdInvited" : "quotes.new.created", {
      email: source.kind === "lead" ? source.lead.email : "",
    }),
  });
}
