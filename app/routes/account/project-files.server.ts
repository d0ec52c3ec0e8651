import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { projectById } from "~/domain/portal/projects.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad } from "~/web/admin-form.server";
import { projectFilesPage, receiveProjectFile } from "~/web/project-files.server";
import type { Route } from "./+types/project-files";

/** The organisation and project the caller may read, or 404 (another client's, a made-up id). */
async function readableProject(
  supabase: AppSupabase,
  params: { organisationId?: string; projectId?: string },
) {
  const organisation = await organisationById(supabase, params.organisationId);
  const project = organisation.ok
    ? await projectById(supabase, organisation.value.id, params.projectId)
    : organisation;
  if (!organisation.ok || !project.ok) {
    const failure = organisation.ok ? project : organisation;
    const status = !failure.ok && failure.kind !== "not-found" ? 502 : 404;
    throw data({ message: failure.ok ? "" : failure.message }, { status });
  }
  return { organisation: organisation.value, project: project.value };
}

/**
 * /organisations/:organisationId/projects/:projectId/files: the project's files for the client's
 * people (app/web/project-files.server.ts); another organisation's project answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const { organisation, project } = await readableProject(supabase, args.params);
  return {
    organisation: { id: organisation.id, name: organisation.name },
    project: { id: project.id, title: project.title },
    ...(await projectFilesPage(supabase, project, t)),
    i18n: bundle(t.locale, ["projectFiles"]),
  };
}

/**
 * A file from the client's owners and members (the database decides who may add one): streamed
 * into the client's folder, then listed; refused types and sizes are worded under the field.
 * Another organisation's project answers 404 before a byte of the file is read.
 */
export async function action(args: Route.ActionArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.request));
  const { organisation, project } = await readableProject(supabase, args.params);
  const page = t.path(`/organisations/${organisation.id}/projects/${project.id}/files`);
  return receiveProjectFile(
    supabase,
    { organisationId: organisation.id, projectId: project.id },
    args.request,
    page,
    t,
  );
}
