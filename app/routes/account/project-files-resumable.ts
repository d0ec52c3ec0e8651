import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { readableProject } from "~/web/project-files.server";
import { resumableRequest } from "~/web/resumable-files.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/project-files-resumable";

/**
 * /organisations/:organisationId/projects/:projectId/files/resumable[/:uploadId]: the project's
 * resumable uploads (tus 1.0.0) for the page's tus client, passed on to Storage as the signed-in
 * person (app/web/resumable-files.server.ts). Another organisation's project answers 404 before
 * anything reaches Storage.
 */
async function tus({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const supabase = getSupabase(context);
  const t = translator(localeOf(request));
  const { organisation, project } = await readableProject(supabase, params);
  const base = t.path(`/organisations/${organisation.id}/projects/${project.id}/files/resumable`);
  const target = { organisationId: organisation.id, projectId: project.id, base };
  return resumableRequest(request, supabase, target, params.uploadId, t);
}

/** HEAD (and GET): the offset of an upload. */
export const loader = (args: Route.LoaderArgs) => tus(args);

/** POST creates an upload, PATCH sends a part, DELETE drops it. */
export const action = (args: Route.ActionArgs) => tus(args);
