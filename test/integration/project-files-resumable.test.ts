/**
 * A project's resumable uploads through the site (app/web/resumable-files.server.ts): the
 * browser's tus client talks to /organisations/…/projects/…/files/resumable, the site passes
 * each request on to Storage's tus endpoint as the person. Created, sent in parts, resumed from
 * the offset HEAD gives after a cut-off part, recorded for both sides when complete; a file whose
 * first bytes are not what its name says is refused with the first part; another organisation's
 * project is 404.
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clientFiles from "~/routes/account/project-files";
import * as resumable from "~/routes/account/project-files-resumable";
import { asData, asResponse, settle } from "../support/answers";
import {
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
  startAppBackend,
} from "../support/backend";
import { argsWithParams } from "../support/route-args";
import { routed } from "../support/routed";
import { openAtStorage } from "../support/storage-tus";

const tus = routed(resumable);
const files = routed(clientFiles);

let backend: TestBackend;
let service: SupabaseClient;
const ids: Record<string, string> = {};
let projectA = 0;
const cookies: Record<string, string> = {};
type Person = Awaited<ReturnType<typeof createUser>>;
const people: Record<string, Person> = {};

beforeAll(async () => {
  backend = await startAppBackend();
  service = serviceClient(backend);
  for (const name of ["A", "B"]) {
    const { data } = await service.from("organisations").insert({ name }).select("id").single();
    ids[name] = data?.id as string;
  }
  const project = await service
    .from("projects")
    .insert({ organisation_id: ids.A, title: "Website" })
    .select("id")
    .single();
  projectA = project.data?.id as number;
  for (const [who, org] of [
    ["ownerA", ids.A],
    ["ownerB", ids.B],
  ] as const) {
    const person = await createUser(backend);
    people[who] = person;
    await service
      .from("organisation_members")
      .insert({ organisation_id: org, user_id: person.id, role: "owner" });
    cookies[who] = await signInCookie(person.email);
  }
}, 60_000);
afterAll(() => backend.close());

const base = () => `/organisations/${ids.A}/projects/${projectA}/files/resumable`;
const b64 = (text: string) => Buffer.from(text).toString("base64");

function call(
  method: string,
  path: string,
  cookie: string | undefined,
  headers: Record<string, string> = {},
  body?: Uint8Array,
) {
  const uploadId = path.slice(base().length + 1) || undefined;
  const params: Record<string, string> = {
    organisationId: path.split("/")[2] ?? "",
    projectId: String(projectA),
    ...(uploadId ? { uploadId } : {}),
  };
  const args = argsWithParams(path, params, {
    method,
    cookie,
    headers: { "Tus-Resumable": "1.0.0", ...headers },
    ...(body ? { body: body as unknown as BodyInit, duplex: "half" } : {}),
  } as never);
  const reads = method === "GET" || method === "HEAD";
  return settle(() => (reads ? tus.loader(args as never) : tus.action(args as never)));
}

async function create(name: string, length: number) {
  return asResponse(
    await call("POST", base(), cookies.ownerA, {
      "Upload-Length": String(length),
      "Upload-Metadata": `filename ${b64(name)},filetype ${b64("application/pdf")}`,
    }),
  );
}

const part = (location: string, offset: number, bytes: Uint8Array) =>
  call(
    "PATCH",
    location,
    cookies.ownerA,
    {
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    },
    bytes,
  ).then(asResponse);

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(200_000, 7)]);

describe("Storage's tus endpoint with a person's token (client-files RLS)", () => {
  it("refuses another organisation's folder and takes the person's own", async () => {
    const session = await signedInClient(backend, people.ownerB as Person);
    const token = (await session.auth.getSession()).data.session?.access_token ?? "";
    const start = (objectName: string) => openAtStorage(backend, token, objectName);
    const foreign = await start(`${ids.A}/projects/${projectA}/x/brief.pdf`);
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toBe("new row violates row-level security policy\n");
    expect((await start(`${ids.B}/projects/1/x/brief.pdf`)).status).toBe(201);
  });
});

describe("resumable uploads of a project's files, through the site", () => {
  it("creates, takes parts, resumes from HEAD's offset and lists the finished file", async () => {
    const created = await create("brief.pdf", PDF.length);
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    expect(location.startsWith(`${base()}/`)).toBe(true);
    expect((await part(location, 0, PDF.subarray(0, 80_000))).headers.get("upload-offset")).toBe(
      "80000",
    );
    // A part at a stale offset (the answer to the last one was lost): 409, nothing changes.
    expect((await part(location, 0, PDF.subarray(0, 80_000))).status).toBe(409);
    const head = asResponse(await call("HEAD", location, cookies.ownerA));
    expect(head.headers.get("upload-offset")).toBe("80000");
    const last = await part(location, 80_000, PDF.subarray(80_000));
    expect(last.status).toBe(204);
    const args = argsWithParams(
      `/organisations/${ids.A}/projects/${projectA}/files`,
      {
        organisationId: ids.A ?? "",
        projectId: String(projectA),
      },
      { cookie: cookies.ownerA },
    );
    const page = (await files.loader(args)) as Awaited<ReturnType<typeof clientFiles.loader>>;
    expect(page.files.map((f) => [f.name, f.size, f.side])).toEqual([
      ["brief.pdf", PDF.length, "client"],
    ]);
  });

  it("refuses a kind not taken at creation, and a disguised file with its first part", async () => {
    expect((await create("setup.exe", 100)).status).toBe(415);
    const created = await create("photo.pdf", 100);
    const location = created.headers.get("location") ?? "";
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const refused = await part(location, 0, png);
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("This kind of file is not taken");
    expect(asResponse(await call("HEAD", location, cookies.ownerA)).status).toBe(404);
  });

  it("answers 404 to another organisation's people and to an upload of another folder", async () => {
    const foreign = await call("POST", base(), cookies.ownerB, {
      "Upload-Length": "10",
      "Upload-Metadata": `filename ${b64("brief.pdf")}`,
    });
    expect(asData(foreign).status).toBe(404);
    const created = await create("brief.pdf", 10);
    const location = created.headers.get("location") ?? "";
    expect(asData(await call("HEAD", location, cookies.ownerB)).status).toBe(404);
    const elsewhere = Buffer.from(`client-files/${ids.B}/projects/1/x/brief.pdf/v`).toString(
      "base64url",
    );
    expect(asResponse(await call("HEAD", `${base()}/${elsewhere}`, cookies.ownerA)).status).toBe(
      404,
    );
  });
});
