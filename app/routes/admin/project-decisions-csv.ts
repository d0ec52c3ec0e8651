import { data } from "react-router";
import { csvDownload, projectDecisionsFile } from "~/domain/portal/decision-export.server";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { adminLoad } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/project-decisions-csv";
import { clientProject } from "./project.server";

/**
 * GET /admin/clients/:id/projects/:projectId/decisions.csv: the project's decision history
 * (app/domain/portal/decision-export.server.ts), headings in the admin's language, a download.
 * Another client's project, or one that is not, answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const { project } = await clientProject(supabase, args.params);
  const t = translator(adminLocale(args.request));
  const file = await projectDecisionsFile(supabase, project, t, agencyTimeZone());
  if (!file.ok) throw data({ message: file.message }, { status: 502 });
  return csvDownload(file.value);
}
