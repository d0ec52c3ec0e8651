/**
 * The portal's pages ask the backend a bounded number of times, whatever the number of rows
 * (issue 42 item 9): no query per project, message, deliverable or version. Each page's loaders
 * (the root's and the page's, through their layouts' middleware, with one request context as
 * the router runs them) are run with every request to the embedded backend counted, for a client
 * with 2 projects of 2 messages and 2 versions each (the latest ready for the client's review),
 * then again with 20 of 20 — the same requests both times.
 */
import { describe, expect, it } from "vitest";
import * as rootModule from "~/root.server";
import * as dashboardRoute from "~/routes/account/dashboard";
import * as organisationRoute from "~/routes/account/organisation";
import * as projectRoute from "~/routes/account/project";
import {
  createUser,
  serviceClient,
  signInCookie,
  type TestBackend,
  withBackend,
} from "../support/backend";
import { routeArgs } from "../support/route-args";
import { routed } from "../support/routed";

let backend: TestBackend;
const mock = withBackend((started) => {
  backend = started;
});

/** Every request the app sent to the backend while `run` ran: "GET /rest/v1/projects". */
async function backendRequests(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.origin === new URL(backend.url).origin) seen.push(`${request.method} ${url.pathname}`);
  };
  mock.events.on("request:start", listener);
  try {
    await run();
  } finally {
    mock.events.removeListener("request:start", listener);
  }
  return seen.sort();
}

const root = rootModule;
const pages = {
  dashboard: routed(dashboardRoute),
  organisation: routed(organisationRoute),
  project: routed(projectRoute),
};

/** The requests of one page view: the root's loader and the page's, sharing their context. */
function pageView(path: string, cookie: string, params: Record<string, string>) {
  const page = path.includes("/projects/")
    ? pages.project
    : path.startsWith("/organisations/")
      ? pages.organisation
      : pages.dashboard;
  return backendRequests(async () => {
    const { args } = routeArgs(path, { cookie, params });
    await Promise.all([
      root.loader(args as never),
      (page.loader as (a: unknown) => Promise<unknown>)(args),
    ]);
  });
}

/** `count` more projects in the organisation, each with `count` messages and versions. */
async function addProjects(organisation: string, count: number, from: number) {
  const service = serviceClient(backend);
  const { data: projects, error } = await service
    .from("projects")
    .insert(
      Array.from({ length: count }, (_, i) => ({
        organisation_id: organisation,
        title: `Project ${from + i}`,
        status: "active",
      })),
    )
    .select("id");
  if (error || !projects) throw new Error(error?.message);
  const ids = projects.map((p) => p.id as number);
  const each = <T>(make: (project: number, n: number) => T) =>
    ids.flatMap((project) => Array.from({ length: count }, (_, n) => make(project, n)));
  const inserted = await Promise.all([
    service.from("project_messages").insert(
      each((project, n) => ({
        project_id: project,
        organisation_id: organisation,
        body: `Message ${n}`,
        author_name: "Amina",
        author_side: n % 2 ? "agency" : "client",
      })),
    ),
    service.from("project_milestones").insert(
      each((project, n) => ({
        project_id: project,
        organisation_id: organisation,
        title: `Milestone ${n}`,
        position: n,
      })),
    ),
    service.from("project_updates").insert(
      each((project, n) => ({
        project_id: project,
        organisation_id: organisation,
        body: `U${n}`,
      })),
    ),
  ]);
  for (const { error: failed } of inserted) if (failed) throw new Error(failed.message);
  const { data: deliverables, error: noDeliverables } = await service
    .from("project_deliverables")
    .insert(
      ids.map((project) => ({ project_id: project, organisation_id: organisation, title: "Logo" })),
    )
    .select("id");
  if (noDeliverables || !deliverables) throw new Error(noDeliverables?.message);
  const { data: versions, error: noVersions } = await service
    .from("deliverable_versions")
    .insert(
      deliverables.flatMap(({ id }) =>
        Array.from({ length: count }, (_, n) => ({
          deliverable_id: id as number,
          organisation_id: organisation,
          number: n + 1,
          file_path: `${organisation}/deliverables/${id}/${n + 1}/logo.png`,
          file_name: "logo.png",
          file_size: 1024,
          file_type: "image/png",
        })),
      ),
    )
    .select("id, deliverable_id, number");
  if (noVersions) throw new Error(noVersions.message);
  await markLatestReady(versions);
  return ids;
}

describe("backend requests per portal page", () => {
  it("stay the same with 2 and with 20 projects, messages and versions (no query per row)", async () => {
    const service = serviceClient(backend);
    const { data: organisation } = await service
      .from("organisations")
      .insert({ name: "Duka La Mama" })
      .select("id")
      .single();
    const org = organisation?.id as string;
    const owner = await createUser(backend);
    await service
      .from("organisation_members")
      .insert({ organisation_id: org, user_id: owner.id, role: "owner" });
    const client = await signInCookie(owner.email, owner.password);
    const admin = await signInCookie(backend.admin.email, backend.admin.password);

    const [project] = await addProjects(org, 2, 0);
    const projectPath = `/organisations/${org}/projects/${project}`;
    const projectParams = { organisationId: org, projectId: String(project) };
    const views = [
      () => pageView("/dashboard", client, {}),
      () => pageView("/dashboard", admin, {}),
      () => pageView(`/organisations/${org}`, client, { organisationId: org }),
      () => pageView(projectPath, client, projectParams),
      () => pageView(projectPath, admin, projectParams),
    ];
    // One after the other: the counter sees every request of the moment.
    const viewAll = async () => {
      const seen: string[][] = [];
      for (const view of views) seen.push(await view());
      return seen;
    };
    await viewAll(); // the site's content, read once per process, is in memory after this
    const few = await viewAll();
    await addProjects(org, 18, 2);
    // The first project gets 18 more messages, milestones, updates and versions too.
    await addRowsTo(org, project as number, 18);
    const many = await viewAll();

    expect(many).toEqual(few);
    const [clientHome, adminHome, organisationPage, projectPage, adminProject] = few;
    // The user check, the client's roles, then the page's own reads, each one request for all
    // its rows (the counts of 2026-11-29: a new request on a page has to be argued for here).
    expect(adminHome).toEqual(["GET /auth/v1/user", "POST /rest/v1/rpc/own_contact_messages"]);
    // The client's home: + the unread messages of all its organisations' threads (one request).
    expect(clientHome).toHaveLength(5);
    expect(organisationPage).toHaveLength(10);
    // The client's project page: + who runs the project (public.project_managers); its
    // deliverables come with their versions and decisions in one request (was three, one after
    // the other: 13). Its milestones are read once, with the project (its progress and its
    // list; was twice, 14).
    expect(projectPage).toContain("POST /rest/v1/rpc/project_deliverables_read");
    expect(projectPage).not.toContain("GET /rest/v1/deliverable_versions");
    expect(projectPage).not.toContain("GET /rest/v1/deliverable_decisions");
    const milestoneReads = projectPage?.filter((r) => r === "GET /rest/v1/project_milestones");
    expect(milestoneReads).toEqual(["GET /rest/v1/project_milestones"]);
    expect(projectPage).toHaveLength(11);
    // The same client's project page opened by the admin: the same reads without the client's
    // roles (the project's files are a page of their own, ca953d0, not a request of this one).
    expect(adminProject).toContain("POST /rest/v1/rpc/project_managers");
    expect(adminProject).toHaveLength(10);
  });
});

/** `count` more messages, milestones, updates and a deliverable of `count` versions in `project`. */
async function addRowsTo(organisation: string, project: number, count: number) {
  const service = serviceClient(backend);
  const rows = Array.from({ length: count }, (_, n) => n);
  const results = await Promise.all([
    service.from("project_messages").insert(
      rows.map((n) => ({
        project_id: project,
        organisation_id: organisation,
        body: `More ${n}`,
        author_name: "Agency",
        author_side: "agency",
      })),
    ),
    service
      .from("project_milestones")
      .insert(
        rows.map((n) => ({ project_id: project, organisation_id: organisation, title: `M${n}` })),
      ),
    service.from("project_updates").insert(
      rows.map((n) => ({
        project_id: project,
        organisation_id: organisation,
        body: `More ${n}`,
      })),
    ),
  ]);
  for (const { error } of results) if (error) throw new Error(error.message);
  const { data: deliverable } = await service
    .from("project_deliverables")
    .insert({ project_id: project, organisation_id: organisation, title: "Brochure" })
    .select("id")
    .single();
  const { data: versions, error } = await service
    .from("deliverable_versions")
    .insert(
      rows.map((n) => ({
        deliverable_id: deliverable?.id as number,
        organisation_id: organisation,
        number: n + 1,
        file_path: `${organisation}/deliverables/${deliverable?.id}/${n + 1}/brochure.pdf`,
        file_name: "brochure.pdf",
        file_size: 2048,
        file_type: "application/pdf",
      })),
    )
    .select("id, deliverable_id, number");
  if (error) throw new Error(error.message);
  await markLatestReady(versions);
}

/** The last version of each deliverable goes to the client for review (drafts are the agency's). */
async function markLatestReady(
  versions: { id: number; deliverable_id: number; number: number }[] | null,
) {
  const latest = new Map<number, { id: number; number: number }>();
  for (const v of versions ?? []) {
    if ((latest.get(v.deliverable_id)?.number ?? 0) < v.number) latest.set(v.deliverable_id, v);
  }
  const service = serviceClient(backend);
  for (const { id } of latest.values()) {
    const { error } = await service.rpc("mark_version_ready", { p_version: id, p_remind_at: null });
    if (error) throw new Error(error.message);
  }
}
