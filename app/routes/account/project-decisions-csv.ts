import { data } from "react-router";
import { csvDownload, projectDecisionsFile } from "~/domain/portal/decision-export.server";
import { localeOf } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { clientProject } from "~/web/client-project.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/project-decisions-csv";

/**
 * GET /organisations/:organisationId/projects/:projectId/decisions.csv (and under /sw, /fr):
 * the project's decision history for the client's people, headings in the page's language, a
 * download. A project of an organisation the person is not in, or another organisation's ids,
 * answer 404 as the project's page does (the database shows them nothing).
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const supabase = getSupabase(context);
  const { project } = await clientProject(supabase, params);
  const t = translator(localeOf(url));
  const file = await projectDecisionsFile(supabase, project, t, agencyTimeZone());
  if (!file.ok) throw data({ message: file.message }, { status: 502 });
  return csvDownload(file.value);
}
