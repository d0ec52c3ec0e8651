/**
 * Who downloaded each file, on the agency's Files page of a project (issue 42 item 4;
 * docs/portal.md "Files"): every file lists how many times the client's people downloaded it
 * and who, when (in the agency's time zone, the admin's language), newest first — from the
 * audit log's `file.downloaded` entries, in one request for all the page's files whatever their
 * number. The agency's own downloads are not among them; the client's pages show none of it,
 * and nobody but an admin reads it from the database.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { dateTime } from "~/i18n/format";
import { agencyTimeZone } from "~/infra/env.server";
import * as fileRoute from "~/routes/account/file";
import * as clientFiles from "~/routes/account/project-files";
import * as adminFiles from "~/routes/admin/project-files";
import { asResponse, settle } from "../support/answers";
import {
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
  type TestBackend,
  withBackend,
} from "../support/backend";
import { organisationWithProject } from "../support/organisation-project";
import { argsWithParams, multipartPost } from "../support/route-args";
import { routed } from "../support/routed";

const files = routed(clientFiles);
const agencyFiles = routed(adminFiles);
const file = routed(fileRoute);

let backend: TestBackend;
let service: SupabaseClient;
let org = { id: "", project: 0 };
const cookies: Record<string, string> = {};
const emails: Record<string, string> = {};
type Person = Awaited<ReturnType<typeof createUser>>;
let staff: Person;

const mock = withBackend(async (started) => {
  backend = started;
  service = serviceClient(backend);
  org = await organisationWithProject(service, "Acme");
  for (const [name, role] of [
    ["Ann Owner", "owner"],
    ["Ben Member", "member"],
  ] as const) {
    const person = await createUser(backend, { metadata: { full_name: name, onboarded: true } });
    await service
      .from("organisation_members")
      .insert({ organisation_id: org.id, user_id: person.id, role });
    cookies[name] = await signInCookie(person.email);
    emails[name] = person.email;
  }
  staff = await createUser(backend, { metadata: { full_name: "Staff", onboarded: true } });
  await service.from("agency_roles").insert({ user_id: staff.id, role: "staff" });
  await service.from("staff_assignments").insert({ organisation_id: org.id, user_id: staff.id });
  cookies.admin = await signInCookie(backend.admin.email, backend.admin.password);
});

const clientPath = () => `/organisations/${org.id}/projects/${org.project}/files`;
const adminPath = () => `/admin/clients/${org.id}/projects/${org.project}/files`;

async function send(name: string) {
  const body = new Uint8Array(Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`));
  const init = multipartPost({}, { file: new File([body], name) });
  const args = argsWithParams(
    clientPath(),
    { organisationId: org.id, projectId: String(org.project) },
    { ...init, cookie: cookies["Ann Owner"] },
  );
  expect(asResponse(await settle(() => files.action(args as never))).status).toBe(302);
}

type Row = {
  name: string;
  href: string;
  downloads?: {
    count: number;
    label: string;
    latest: { person: string; email: string; at: string; when: string }[];
  };
};

async function agencyPage(lang = "en"): Promise<Row[]> {
  const args = argsWithParams(
    adminPath(),
    { id: org.id, projectId: String(org.project) },
    { cookie: `${cookies.admin}; lang=${lang}` },
  );
  return ((await settle(() => agencyFiles.loader(args as never))) as { files: Row[] }).files;
}

/** A download of a listed file (GET /files/…) as the person of `cookie`. */
async function download(href: string, cookie: string | undefined) {
  const [, , organisationId = "", ...rest] = href.split("/");
  const params = { organisationId, "*": decodeURIComponent(rest.join("/")) };
  const answer = asResponse(
    await settle(() => file.loader(argsWithParams(href, params, { cookie }))),
  );
  expect(answer.status).toBe(200);
  await answer.body?.cancel();
}

/** Every request to the backend while `run` ran ("POST /rest/v1/rpc/file_downloads"). */
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

describe("the agency's Files page: who downloaded each file", () => {
  it("lists the client's people's downloads of each file, newest first, in the admin's language", async () => {
    await send("brief.pdf");
    await send("logo.pdf");
    const listed = await agencyPage();
    const brief = listed.find((row) => row.name === "brief.pdf") as Row;
    expect(listed.map((row) => row.downloads?.count)).toEqual([0, 0]);

    await download(brief.href, cookies["Ann Owner"]);
    await download(brief.href, cookies["Ben Member"]);
    // The agency's own downloads are its work, not the client's: not listed.
    await download(brief.href, cookies.admin);

    const after = await agencyPage("fr");
    const row = after.find((r) => r.name === "brief.pdf");
    expect(row?.downloads?.count).toBe(2);
    expect(row?.downloads?.label).toBe("Téléchargé 2 fois par le client");
    expect(row?.downloads?.latest.map((d) => [d.person, d.email])).toEqual([
      ["Ben Member", emails["Ben Member"]],
      ["Ann Owner", emails["Ann Owner"]],
    ]);
    for (const entry of row?.downloads?.latest ?? []) {
      expect(entry.when).toBe(dateTime(entry.at, "fr", agencyTimeZone()));
    }
    expect(after.find((r) => r.name === "logo.pdf")?.downloads).toEqual({
      count: 0,
      label: "Pas encore téléchargé par le client",
      latest: [],
    });
    const inSwahili = (await agencyPage("sw")).find((r) => r.name === "brief.pdf");
    expect(inSwahili?.downloads?.label).toBe("Imepakuliwa mara 2 na mteja");
  });

  it("asks the backend once for all the page's files, whatever their number", async () => {
    const before = await backendRequests(() => agencyPage());
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) await send(name);
    const listed = await agencyPage();
    for (const row of listed) await download(row.href, cookies["Ann Owner"]);
    const after = await backendRequests(() => agencyPage());
    expect(after).toEqual(before);
    expect(after.filter((line) => line.endsWith("/rpc/file_downloads"))).toHaveLength(1);
  });

  it("shows the client nothing of it, and reads it for admins only", async () => {
    const args = argsWithParams(
      clientPath(),
      { organisationId: org.id, projectId: String(org.project) },
      { cookie: cookies["Ann Owner"] },
    );
    const clientRows = ((await settle(() => files.loader(args as never))) as { files: Row[] })
      .files;
    expect(clientRows.length).toBeGreaterThan(0);
    expect(clientRows.every((r) => r.downloads === undefined)).toBe(true);

    const paths = (await agencyPage()).map((r) =>
      decodeURIComponent(r.href.slice("/files/".length)),
    );
    const { data: forAdmin } = await (
      await signedInClient(backend, {
        email: backend.admin.email,
        password: backend.admin.password,
      })
    ).rpc("file_downloads", { p_paths: paths });
    expect(forAdmin?.length).toBeGreaterThan(0);
    const staffSession = await signedInClient(backend, staff);
    const { data: forStaff } = await staffSession.rpc("file_downloads", { p_paths: paths });
    expect(forStaff).toEqual([]);
    const { error: anonymous } = await (await import("@supabase/supabase-js"))
      .createClient(backend.url, backend.anonKey)
      .rpc("file_downloads", { p_paths: paths });
    expect(anonymous?.code).toBe("42501");
  });
});
