import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { projectSchema } from "~/domain/portal/project-forms.server";
import { serviceChoices, serviceOptions } from "~/domain/portal/project-view.server";
import { createProject, PROJECT_STATUSES } from "~/domain/portal/projects.server";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/project-new";

/** The client the project is for (404 for no such client), and the choices of the form. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const organisation = await organisationById(supabase, args.params.id);
  if (!organisation.ok) {
    throw data(
      { message: organisation.message },
      { status: organisation.kind === "not-found" ? 404 : 502 },
    );
  }
  const services = (await serviceOptions(locale)).map(({ id, title }) => ({ id, title }));
  return {
    organisation: organisation.value,
    services,
    statuses: PROJECT_STATUSES,
    i18n: bundle(locale, ["projects", "adminClients"]),
  };
}

/** Creates the project, then back to the client's page; mistakes under their fields. */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const services = serviceChoices(await serviceOptions(t.locale));
  const form = await readAdminForm(args, projectSchema(t, services));
  if ("answer" in form) return form.answer;
  const organisation = await organisationById(form.supabase, args.params.id);
  if (!organisation.ok) return failedForm(organisation, form.submission);
  const created = await createProject(form.supabase, organisation.value.id, form.value);
  if (!created.ok) return failedForm(localizeFailure(created, t), form.submission);
  return redirectWithToast(`/admin/clients/${organisation.value.id}`, {
    type: "success",
    title: t("projects.created", { title: form.value.title }),
  });
}
