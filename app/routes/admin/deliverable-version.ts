import { redirect } from "react-router";
import type { Route } from "./+types/deliverable-version";

const pagePath = (params: Route.LoaderArgs["params"]) =>
  `/admin/clients/${params.id}/projects/${params.projectId}`;

/** Nothing to show here: the versions are on the project's page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(pagePath(params));
}

/**
 * POST /admin/clients/:id/projects/:projectId/deliverables/:deliverableId/versions, the upload's
 * former address: a version is now posted to the project's page itself (`?upload=<deliverable>`,
 * app/web/deliverable-upload.server.ts), which answers a refusal beside its field. A post here
 * is sent there with its body (307).
 */
export function action({ params }: Route.ActionArgs) {
  const target = `${pagePath(params)}?upload=${encodeURIComponent(params.deliverableId)}`;
  throw redirect(target, 307);
}
