import { data } from "react-router";
import { z } from "zod";
import { organisationById } from "~/domain/access/organisations.server";
import { clientLanguage, createDraft } from "~/domain/billing/invoices.server";
import { organisationProjects } from "~/domain/portal/projects.server";
import { siteContent } from "~/domain/site/snapshot.server";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, type Translator, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/invoice-new";

/** The client named by the URL and its projects; 404 for anything else. */
async function clientOf(supabase: AppSupabase, id: string | undefined) {
  const organisation = await organisationById(supabase, id);
  if (!organisation.ok) {
    throw data(
      { message: organisation.message },
      { status: organisation.kind === "not-found" ? 404 : 502 },
    );
  }
  const projects = await organisationProjects(supabase, organisation.value.id);
  return {
    organisation: organisation.value,
    projects: projects.ok ? projects.value.map((p) => ({ id: p.id, title: p.title })) : [],
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const client = await clientOf(supabase, args.params.id);
  return { ...client, i18n: bundle(locale, ["adminBilling.draft"]) };
}

function newDraftSchema(t: Translator, projects: readonly number[]) {
  return z.object({
    project: z
      .string()
      .trim()
      .refine((v) => projects.includes(Number(v)), {
        error: t("adminBilling.draft.projectInvalid"),
      })
      .optional(),
    title: z
      .string()
      .trim()
      .max(200, { error: t("adminBilling.draft.titleTooLong") })
      .optional(),
  });
}

/**
 * Creates the draft (in the client's language — its last invoice's or quote's — else the admin's;
 * the agency's name as seller) and opens it.
 */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const { supabase } = await adminLoad(args);
  const client = await clientOf(supabase, args.params.id);
  const form = await readAdminForm(
    args,
    newDraftSchema(
      t,
      client.projects.map((p) => p.id),
    ),
  );
  if ("answer" in form) return form.answer;
  const site = await siteContent("en");
  const created = await createDraft(form.supabase, {
    organisationId: client.organisation.id,
    projectId: form.value.project ? Number(form.value.project) : null,
    language: await clientLanguage(form.supabase, client.organisation.id, t.locale),
    title: form.value.title ?? "",
    sellerName: site.settings.brandName,
  });
  if (!created.ok) return failedForm(localizeFailure(created, t), form.submission);
  return redirectWithToast(`/admin/invoices/${created.value}`, {
    type: "success",
    title: t("adminBilling.draft.created"),
  });
}
