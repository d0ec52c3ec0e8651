import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { projectFilesPage, receiveProjectFile } from "~/web/project-files.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/project-files";
import { clientProject } from "./project.server";

/**
 * /admin/clients/:id/projects/:projectId/files: a project's files for the agency (admins, and
 * the staff assigned to the client), the same list and upload as the client's page
 * (app/web/project-files.server.ts); another client's project answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const { organisation, project } = await clientProject(supabase, args.params);
  return {
    organisation: { id: organisation.id, name: organisation.name },
    project: { id: project.id, title: project.title },
    ...(await projectFilesPage(supabase, project, t, { downloads: true })),
    i18n: bundle(t.locale, ["projectFiles"]),
  };
}

/** A file from the agency, streamed into the client's folder and listed for both sides. */
export async function action(args: Route.ActionArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const { organisation, project } = await clientProject(supabase, args.params);
  const page = `/admin/clients/${organisation.id}/projects/${project.id}/files`;
  return receiveProjectFile(
    supabase,
    { organisationId: organisation.id, projectId: project.id },
    args.request,
    page,
    t,
  );
}
