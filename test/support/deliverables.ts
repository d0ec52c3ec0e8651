/**
 * The deliverables' flows for a test, as the agency and the client's people go through them:
 * the agency's project page (add a deliverable, mark a version ready, upload a version: a
 * multipart form posted to the page with `?upload=<deliverable>`) and the client's project page
 * (a decision). Each answers what the
 * route answered, returned or thrown.
 */
import * as clientProjectRoute from "~/routes/account/project";
import * as projectRoute from "~/routes/admin/project";
import { settle } from "./answers";
import { serviceClient, type TestBackend } from "./backend";
import { argsWithParams, formPost, multipartPost } from "./route-args";
import { routed } from "./routed";

const projectPage = routed(projectRoute);
const clientPage = routed(clientProjectRoute);

export interface Place {
  id: string;
  project: number;
}

const agencyPath = (place: Place) => `/admin/clients/${place.id}/projects/${place.project}`;

/** The agency's project page: a form posted as `cookie` (the admin's). */
export function agencyPost(place: Place, cookie: string, fields: Record<string, string>) {
  return settle(() =>
    projectPage.action(
      argsWithParams(
        agencyPath(place),
        { id: place.id, projectId: String(place.project) },
        { ...formPost(fields), cookie },
      ),
    ),
  );
}

export function agencyPage(place: Place, cookie: string) {
  return settle(() =>
    projectPage.loader(
      argsWithParams(
        agencyPath(place),
        { id: place.id, projectId: String(place.project) },
        { cookie },
      ),
    ),
  );
}

/** A version's upload: `note` then `file`, as the form sends them to the project's page. */
export function uploadVersion(
  place: Place,
  deliverable: number | string,
  cookie: string,
  { note = "", file }: { note?: string; file?: File },
) {
  const path = `${agencyPath(place)}?upload=${deliverable}`;
  const params = { id: place.id, projectId: String(place.project) };
  return settle(() =>
    projectPage.action(
      argsWithParams(path, params, {
        ...multipartPost({ note }, file ? { file } : {}),
        cookie,
      }),
    ),
  );
}

const clientPath = (place: Place, lang = "") =>
  `${lang}/organisations/${place.id}/projects/${place.project}`;

export function clientView(place: Place, cookie: string, lang = "") {
  return settle(() =>
    clientPage.loader(
      argsWithParams(
        clientPath(place, lang),
        { organisationId: place.id, projectId: String(place.project) },
        { cookie },
      ),
    ),
  );
}

/** The client's decision form, posted as `cookie`. */
export function decide(
  place: Place,
  cookie: string,
  fields: { version: number | string; decision: string; reason?: string },
  lang = "",
) {
  return settle(() =>
    clientPage.action(
      argsWithParams(
        clientPath(place, lang),
        { organisationId: place.id, projectId: String(place.project) },
        {
          ...formPost({ intent: "decide", ...fields, version: String(fields.version) }),
          cookie,
        },
      ),
    ),
  );
}

/** The deliverables of a project as the service role reads them: ids, versions, decisions. */
export async function storedDeliverables(backend: TestBackend, project: number) {
  const service = serviceClient(backend);
  const { data: deliverables } = await service
    .from("project_deliverables")
    .select("id, title, note")
    .eq("project_id", project)
    .order("id");
  const ids = (deliverables ?? []).map((row) => row.id);
  const { data: versions } = await service
    .from("deliverable_versions")
    .select("id, deliverable_id, number, status, file_path, file_name, file_size, note")
    .in("deliverable_id", ids.length ? ids : [0])
    .order("id");
  const versionIds = (versions ?? []).map((row) => row.id);
  const { data: decisions } = await service
    .from("deliverable_decisions")
    .select("id, version_id, decision, reason, decided_by, decider_name, decider_email")
    .in("version_id", versionIds.length ? versionIds : [0])
    .order("id");
  return { deliverables: deliverables ?? [], versions: versions ?? [], decisions: decisions ?? [] };
}

/** The agency (`cookie`) uploads a version named `name` and marks it ready; its id. */
export async function readyVersion(
  backend: TestBackend,
  place: Place,
  deliverable: number,
  cookie: string,
  name: string,
) {
  await uploadVersion(place, deliverable, cookie, { note: `Here is ${name}`, file: pdf(name) });
  const { versions } = await storedDeliverables(backend, place.project);
  const version = versions.at(-1)?.id as number;
  await agencyPost(place, cookie, { intent: "ready", version: String(version) });
  return version;
}

export const pdf = (name: string, text = "a design") =>
  new File([`%PDF-1.4\n% ${text}\n%%EOF\n`], name, { type: "application/pdf" });
