import { data } from "react-router";
import { decisionSchema } from "~/domain/portal/deliverable-forms.server";
import { decideVersion } from "~/domain/portal/deliverables.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf } from "~/i18n/page.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { clientProject, clientProjectPage } from "~/web/client-project.server";
import { answerThreadForm, isThreadPost } from "~/web/project-thread.server";
import { failedForm } from "~/web/replies.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/project";

/**
 * /organisations/:organisationId/projects/:projectId: one project as the client's people follow
 * it — where it stands, who runs it, what the agency has told them and its milestones, in their
 * language (app/web/client-project.server.ts). Another organisation's project, or one of an
 * organisation the person is not in, answers 404 (the database shows them nothing).
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const t = translator(localeOf(args.url));
  const page = await clientProjectPage(supabase, args.params, t);
  const { memberships } = args.context.get(viewerContext);
  const { organisation, project } = page;
  return {
    ...page,
    // The person's organisations, to switch between them.
    organisations: memberships.map((m) => ({ id: m.organisationId, name: m.name })),
    // The decision history as a file (project-decisions-csv.ts), in the page's language.
    decisionsHref: t.path(`/organisations/${organisation.id}/projects/${project.id}/decisions.csv`),
    i18n: { ...page.i18n, ...bundle(t.locale, ["decisionExport.download"]) },
  };
}

/**
 * The client's decision on a version waiting for one: approve, or request changes with a reason
 * (worded under the field, what was typed kept). The database decides who may and on which
 * version; another organisation's project or version answers 404.
 */
export async function action(args: Route.ActionArgs) {
  const t = translator(localeOf(args.request));
  if (isThreadPost(args.request)) {
    const { supabase } = await adminLoad(args);
    const { organisation, project } = await clientProject(supabase, args.params);
    const page = t.path(`/organisations/${organisation.id}/projects/${project.id}`);
    return answerThreadForm(args, project.id, page, t);
  }
  const form = await readAdminForm(args, decisionSchema(t));
  if ("answer" in form) return form.answer;
  const { organisation, project } = await clientProject(form.supabase, args.params);
  const { version, decision, reason } = form.value;
  const decided = await decideVersion(form.supabase, project.id, version, decision, reason);
  if (!decided.ok) {
    if (decided.kind === "not-found") throw data({ message: decided.message }, { status: 404 });
    return failedForm(localizeFailure(decided, t), form.submission, { toast: true });
  }
  const title = t(
    decision === "approved" ? "deliverables.youApproved" : "deliverables.youRequestedChanges",
    decided.value,
  );
  const here = t.path(`/organisations/${organisation.id}/projects/${project.id}`);
  return redirectWithToast(here, { type: "success", title });
}
