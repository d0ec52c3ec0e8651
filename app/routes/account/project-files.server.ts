import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { projectFilesPage, readableProject, receiveProjectFile } from "~/web/project-files.server";
import type { Route } from "./+types/project-files";

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
