/**
 * A project's files, both ways (issue 42 item 4; app/web/project-files.server.ts): the client's
 * owners and members, the staff assigned to the client and admins send files through a plain
 * multipart form — streamed into the client's folder, 50 MB at most, a sniffed allowlist of
 * types — and both sides list them (name, size, who, from which side, when) and download them.
 * Another organisation's project answers 404, page and upload alike; a refused type is worded
 * under the field in the page's language and nothing is stored.
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fileRoute from "~/routes/account/file";
import * as clientFiles from "~/routes/account/project-files";
import * as agencyFiles from "~/routes/admin/project-files";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import {
  adminUserId,
  createUser,
  serviceClient,
  signInCookie,
  startAppBackend,
} from "../support/backend";
import { organisationWithProject } from "../support/organisation-project";
import { argsWithParams, multipartPost } from "../support/route-args";
import { routed } from "../support/routed";

const client = routed(clientFiles);
const agency = routed(agencyFiles);
const file = routed(fileRoute);

type Person = Awaited<ReturnType<typeof createUser>>;
let backend: TestBackend;
let service: SupabaseClient;
let orgA: string;
let orgB: string;
let projectA: number;
let projectB: number;
const people: Record<string, Person> = {};
const cookies: Record<string, string> = {};

const PDF = Buffer.from("%PDF-1.4\n% a brief\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");
const EXE = Buffer.from("4d5a90000300000004000000ffff0000b8000000", "hex");

beforeAll(async () => {
  backend = await startAppBackend();
  service = serviceClient(backend);
  const [a, b] = await Promise.all([
    organisationWithProject(service, "Acme"),
    organisationWithProject(service, "Beta"),
  ]);
  [orgA, projectA, orgB, projectB] = [a.id, a.project, b.id, b.project];
  for (const name of ["ownerA", "memberA", "staffA", "staffB", "ownerB"]) {
    people[name] = await createUser(backend, {
      metadata: { full_name: `Person ${name}`, onboarded: true },
    });
  }
  const id = (name: string) => (people[name] as Person).id;
  await service.from("organisation_members").insert([
    { organisation_id: orgA, user_id: id("ownerA"), role: "owner" },
    { organisation_id: orgA, user_id: id("memberA"), role: "member" },
    { organisation_id: orgB, user_id: id("ownerB"), role: "owner" },
  ]);
  await service.from("agency_roles").insert([
    { user_id: id("staffA"), role: "staff" },
    { user_id: id("staffB"), role: "staff" },
  ]);
  await service.from("staff_assignments").insert([
    { organisation_id: orgA, user_id: id("staffA") },
    { organisation_id: orgB, user_id: id("staffB") },
  ]);
  for (const [name, person] of Object.entries(people))
    cookies[name] = await signInCookie(person.email);
  cookies.admin = await signInCookie(backend.admin.email, backend.admin.password);
  people.admin = { id: await adminUserId(backend), email: backend.admin.email, password: "" };
}, 60_000);
afterAll(() => backend.close());

const clientPath = (org: string, project: number, lang = "") =>
  `${lang}/organisations/${org}/projects/${project}/files`;
const agencyPath = (org: string, project: number) =>
  `/admin/clients/${org}/projects/${project}/files`;

function upload(path: string, cookie: string | undefined, name: string, body: Buffer, type = "") {
  const [, organisationId = "", projectId = ""] =
    /(?:organisations|clients)\/([^/]+)\/projects\/(\d+)/.exec(path) ?? [];
  const params: Record<string, string> = path.startsWith("/admin")
    ? { id: organisationId, projectId }
    : { organisationId, projectId };
  const init = multipartPost({}, { file: new File([new Uint8Array(body)], name, { type }) });
  const args = argsWithParams(path, params, { ...init, cookie });
  const route = path.startsWith("/admin") ? agency : client;
  return settle(() => route.action(args as never));
}

function list(path: string, cookie: string | undefined) {
  const [, organisationId = "", projectId = ""] =
    /(?:organisations|clients)\/([^/]+)\/projects\/(\d+)/.exec(path) ?? [];
  const params: Record<string, string> = path.startsWith("/admin")
    ? { id: organisationId, projectId }
    : { organisationId, projectId };
  const args = argsWithParams(path, params, { cookie });
  const route = path.startsWith("/admin") ? agency : client;
  return settle(() => route.loader(args as never));
}

type Page = Awaited<ReturnType<typeof clientFiles.loader>>;

describe("a project's files", () => {
  it("takes a file from the client's owner and member, assigned staff and an admin, and lists each for both sides", async () => {
    const sent = [
      ["ownerA", clientPath(orgA, projectA), "brief.pdf", PDF, "client"],
      ["memberA", clientPath(orgA, projectA), "logo.png", PNG, "client"],
      ["staffA", clientPath(orgA, projectA), "notes.txt", Buffer.from("Colours: blue"), "agency"],
      ["admin", agencyPath(orgA, projectA), "design.pdf", PDF, "agency"],
    ] as const;
    for (const [who, path, name, body] of sent) {
      const answer = asResponse(await upload(path, cookies[who], name, body));
      expect(answer.status, who).toBe(302);
      expect(answer.headers.get("Location"), who).toBe(path);
      expect((await toastOf(answer))?.title, who).toBe(`${name} was received.`);
    }
    for (const [who, path] of [
      ["memberA", clientPath(orgA, projectA)],
      ["admin", agencyPath(orgA, projectA)],
    ] as const) {
      const page = (await list(path, cookies[who])) as Page;
      const shown = page.files.map((f) => [f.name, f.side, f.uploader, f.size]);
      expect(shown.sort(), who).toEqual(
        sent
          .map(([person, , name, body, side]) => [
            name,
            side,
            person === "admin" ? "Administrator" : `Person ${person}`,
            body.length,
          ])
          .sort(),
      );
    }
    // The agency downloads the client's file through the site, as the permission table allows.
    const page = (await list(agencyPath(orgA, projectA), cookies.admin)) as Page;
    const brief = page.files.find((f) => f.name === "brief.pdf");
    const [, organisationId, ...rest] = (brief?.href ?? "").split("/").slice(1);
    const params = {
      organisationId: organisationId ?? "",
      "*": decodeURIComponent(rest.join("/")),
    };
    const downloaded = asResponse(
      await settle(() =>
        file.loader(argsWithParams(brief?.href ?? "", params, { cookie: cookies.admin })),
      ),
    );
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("answers 404 to another organisation's people and unassigned staff, page and upload alike", async () => {
    for (const who of ["ownerB", "staffB"]) {
      const page = await list(clientPath(orgA, projectA), cookies[who]);
      expect(asData(page).status, who).toBe(404);
      const sent = await upload(clientPath(orgA, projectA), cookies[who], "x.pdf", PDF);
      expect(asData(sent).status, who).toBe(404);
    }
    // A's project under B's id, and B's project for A's owner.
    expect(asData(await list(clientPath(orgB, projectA), cookies.ownerA)).status).toBe(404);
    expect(
      asData(await upload(clientPath(orgB, projectB), cookies.ownerA, "x.pdf", PDF)).status,
    ).toBe(404);
    const { data } = await service.storage.from("client-files").list(`${orgB}/projects`);
    expect(data ?? []).toEqual([]);
  });

  it("refuses a PNG named .pdf and a program renamed .jpg under the field, in the page's language, storing nothing", async () => {
    const before = ((await list(clientPath(orgA, projectA), cookies.ownerA)) as Page).files.length;
    const cases = [
      ["", "fake.pdf", PNG, "This kind of file is not taken"],
      ["/sw", "picha.jpg", EXE, "Aina hii ya faili haipokelewi"],
      ["/fr", "photo.jpg", EXE, "Ce type de fichier n’est pas accepté"],
      ["", "setup.exe", EXE, "This kind of file is not taken"],
    ] as const;
    for (const [lang, name, body, words] of cases) {
      const answer = asData(
        await upload(clientPath(orgA, projectA, lang), cookies.ownerA, name, body, "image/jpeg"),
      );
      expect(answer.status, name).toBe(422);
      expect(answer.data.result?.error?.file?.[0], name).toContain(words);
    }
    const empty = asData(
      await upload(clientPath(orgA, projectA), cookies.ownerA, "", Buffer.from("")),
    );
    expect(empty.data.result?.error?.file?.[0]).toBe("Choose a file to send.");
    const after = ((await list(clientPath(orgA, projectA), cookies.ownerA)) as Page).files.length;
    expect(after).toBe(before);
  });
});
