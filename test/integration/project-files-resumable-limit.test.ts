/**
 * A person keeps at most 5 unfinished resumable uploads at a time: each may hold 50 MB of disk
 * for an hour, so without a bound one person could fill the disk with half-sent files. The site
 * counts them in the database (public.resumable_uploads, 20261246000001_resumable_upload_places
 * .sql), so the bound holds on hosted Storage, which has none, and across every site worker; the
 * embedded backend's tus store (supabase/local/storage/tus-store.ts) counts them too. The sixth
 * creation is 429 and the site says it in the page's language with what to do; finishing or
 * dropping one frees its place, and so does its expiry; two creations at once never both take
 * the last place.
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as resumable from "~/routes/account/project-files-resumable";
import { asResponse, settle } from "../support/answers";
import {
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
  startAppBackend,
} from "../support/backend";
import { heldHeap, MB } from "../support/held-heap";
import { organisationWithProject } from "../support/organisation-project";
import { argsWithParams } from "../support/route-args";
import { routed } from "../support/routed";
import { openAtStorage } from "../support/storage-tus";

const tus = routed(resumable);
const LIMIT = 5;

let backend: TestBackend;
let service: SupabaseClient;
let organisation = "";
let project = 0;
type Person = Awaited<ReturnType<typeof createUser>>;

/** A new member of the organisation, signed in to the site. */
async function member(): Promise<Person & { cookie: string }> {
  const person = await createUser(backend);
  await service
    .from("organisation_members")
    .insert({ organisation_id: organisation, user_id: person.id, role: "member" });
  return { ...person, cookie: await signInCookie(person.email) };
}

beforeAll(async () => {
  backend = await startAppBackend();
  service = serviceClient(backend);
  ({ id: organisation, project } = await organisationWithProject(service, "Limits"));
}, 60_000);
afterAll(() => backend.close());

const b64 = (text: string) => Buffer.from(text).toString("base64");
const base = (prefix = "") =>
  `${prefix}/organisations/${organisation}/projects/${project}/files/resumable`;
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(1000, 7)]);

/** The access token of `person` signed in through supabase-js (for Storage itself). */
async function tokenOf(person: Person): Promise<string> {
  const session = await signedInClient(backend, person);
  return (await session.auth.getSession()).data.session?.access_token ?? "";
}

/** Opens a 10-byte upload of `<folder>/brief.pdf` of the project straight at Storage. */
const openInFolder = (token: string, folder: string) =>
  openAtStorage(backend, token, `${organisation}/projects/${project}/${folder}/brief.pdf`);

function call(
  method: string,
  path: string,
  cookie: string,
  headers: Record<string, string> = {},
  body?: Uint8Array,
) {
  const uploadId = path.split("/files/resumable/")[1];
  const args = argsWithParams(
    path,
    { organisationId: organisation, projectId: String(project), ...(uploadId ? { uploadId } : {}) },
    {
      method,
      cookie,
      headers: { "Tus-Resumable": "1.0.0", ...headers },
      ...(body ? { body: body as unknown as BodyInit, duplex: "half" } : {}),
    } as never,
  );
  return settle(() => tus.action(args as never)).then(asResponse);
}

const create = (cookie: string, prefix = "") =>
  call("POST", base(prefix), cookie, {
    "Upload-Length": String(PDF.length),
    "Upload-Metadata": `filename ${b64("brief.pdf")},filetype ${b64("application/pdf")}`,
  });

const finish = (cookie: string, location: string) =>
  call(
    "PATCH",
    location,
    cookie,
    { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    PDF,
  );

/** Runs `work` and fails unless it took under `ms` and left the heap under `megabytes` larger. */
async function bounded<T>(work: () => Promise<T>, ms: number, megabytes = 32): Promise<T> {
  const before = heldHeap();
  const started = performance.now();
  const result = await work();
  expect(performance.now() - started).toBeLessThan(ms);
  expect((heldHeap() - before) / MB).toBeLessThan(megabytes);
  return result;
}

describe("at most 5 unfinished resumable uploads per person", () => {
  it("refuses the sixth with what to do in the page's language, and takes one again once a place is free", async () => {
    const person = await member();
    await bounded(async () => {
      const open: string[] = [];
      for (let i = 0; i < LIMIT; i += 1) {
        const created = await create(person.cookie);
        expect(created.status).toBe(201);
        open.push(created.headers.get("location") ?? "");
      }
      const refused = await create(person.cookie);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(59 * 60);
      expect(await refused.text()).toBe(
        "You already have too many files whose sending has not finished. Finish those first: " +
          "choose the same file again on this page, in this browser, and it goes on where it " +
          "stopped. Or try again in 60 minutes, when the oldest unfinished one is dropped.\n",
      );
      const inSwahili = await create(person.cookie, "/sw");
      expect(inSwahili.status).toBe(429);
      expect(await inSwahili.text()).toContain("Tayari una faili nyingi mno");
      expect(await (await create(person.cookie, "/fr")).text()).toContain(
        "Vous avez déjà trop de fichiers dont l’envoi n’est pas terminé",
      );

      // Finishing one frees its place (and the file is the project's).
      const finished = await finish(person.cookie, open[0] ?? "");
      expect(finished.status).toBe(204);
      expect((await create(person.cookie)).status).toBe(201);
      expect((await create(person.cookie)).status).toBe(429);
      // So does dropping one (tus termination).
      expect((await call("DELETE", open[1] ?? "", person.cookie)).status).toBe(204);
      expect((await create(person.cookie)).status).toBe(201);
      expect((await create(person.cookie)).status).toBe(429);
    }, 20_000);
    const { data } = await service
      .from("project_files")
      .select("file_name, uploader_name")
      .eq("project_id", project);
    expect(data?.length).toBe(1);
  });

  it("counts each person on their own", async () => {
    const [first, second] = [await member(), await member()];
    for (let i = 0; i < LIMIT; i += 1) expect((await create(first.cookie)).status).toBe(201);
    expect((await create(first.cookie)).status).toBe(429);
    expect((await create(second.cookie)).status).toBe(201);
  });

  it("never lets two creations at once both take the last place", async () => {
    // Through the site: four open, then two at once.
    const person = await member();
    for (let i = 0; i < LIMIT - 1; i += 1) expect((await create(person.cookie)).status).toBe(201);
    const pair = await Promise.all([create(person.cookie), create(person.cookie)]);
    expect(pair.map((answer) => answer.status).sort()).toEqual([201, 429]);

    // Straight at Storage's tus endpoint with the person's token: eight at once, five taken.
    const token = await tokenOf(await member());
    const start = (i: number) => openInFolder(token, `race-${i}`);
    const answers = await bounded(
      () => Promise.all(Array.from({ length: 8 }, (_, i) => start(i))),
      10_000,
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - LIMIT);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.headers.get("tus-resumable")).toBe("1.0.0");
    expect(await refused?.text()).toBe(
      "Too many unfinished uploads: finish or terminate one, or retry when one expires\n",
    );
  });
});

/**
 * Places taken in the database only, with no upload at Storage (as another site worker's would
 * look to this backend, or any upload on hosted Storage, which counts none): the embedded
 * backend's own bound is out of the way, so whatever is refused is the site's refusal.
 */
async function placesElsewhere(person: Person, count: number, expiresInSeconds = 60 * 60) {
  const expires = new Date(Date.now() + expiresInSeconds * 1000).toISOString();
  const { error } = await service.from("resumable_uploads").insert(
    Array.from({ length: count }, (_, i) => ({
      owner_id: person.id,
      project_id: project,
      organisation_id: organisation,
      object_name: `${organisation}/projects/${project}/elsewhere-${expiresInSeconds}-${i}/brief.pdf`,
      upload_length: PDF.length,
      expires_at: expires,
    })),
  );
  expect(error).toBeNull();
}

/** The person's places in the database: the object each upload goes to. */
async function placesOf(person: Person): Promise<string[]> {
  const { data, error } = await service
    .from("resumable_uploads")
    .select("object_name")
    .eq("owner_id", person.id)
    .order("id");
  expect(error).toBeNull();
  return (data ?? []).map((row) => row.object_name);
}

/** The object a site's upload location stores into (its id is `client-files/<object>/<version>`). */
function objectOf(location: string) {
  const decoded = Buffer.from(location.split("/").pop() ?? "", "base64url").toString("utf8");
  return decoded.slice("client-files/".length, decoded.lastIndexOf("/"));
}

describe("the site's own count, in the database (hosted Storage has no bound)", () => {
  it("records each upload the site opens and refuses the sixth when Storage would have taken it", async () => {
    const person = await member();
    const created = await create(person.cookie);
    expect(created.status).toBe(201);
    expect(await placesOf(person)).toEqual([objectOf(created.headers.get("location") ?? "")]);

    // Four more held elsewhere: Storage here holds one of theirs, the database five.
    await placesElsewhere(person, LIMIT - 1);
    const refused = await create(person.cookie, "/fr");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(59 * 60);
    expect(await refused.text()).toContain(
      "Vous avez déjà trop de fichiers dont l’envoi n’est pas terminé",
    );
    expect(await placesOf(person)).toHaveLength(LIMIT);
  });

  it("gives two creations at once for the last place one 201 and one 429", async () => {
    const person = await member();
    await placesElsewhere(person, LIMIT - 1);
    const pair = await Promise.all([create(person.cookie), create(person.cookie)]);
    expect(pair.map((answer) => answer.status).sort()).toEqual([201, 429]);
    expect(await placesOf(person)).toHaveLength(LIMIT);
  });

  it("frees the place when the upload finishes or is dropped", async () => {
    const person = await member();
    await placesElsewhere(person, LIMIT - 2);
    const [first, second] = [await create(person.cookie), await create(person.cookie)];
    expect((await create(person.cookie)).status).toBe(429);

    // Finished: its last byte stored, the file is the project's and its place free.
    expect((await finish(person.cookie, first.headers.get("location") ?? "")).status).toBe(204);
    const firstObject = objectOf(first.headers.get("location") ?? "");
    expect(await placesOf(person)).not.toContain(firstObject);
    const { data: files } = await service
      .from("project_files")
      .select("file_path")
      .eq("file_path", firstObject);
    expect(files).toHaveLength(1);
    const third = await create(person.cookie);
    expect(third.status).toBe(201);
    expect((await create(person.cookie)).status).toBe(429);

    // Dropped by the browser (tus termination).
    const location = second.headers.get("location") ?? "";
    expect((await call("DELETE", location, person.cookie)).status).toBe(204);
    expect(await placesOf(person)).not.toContain(objectOf(location));
    expect((await create(person.cookie)).status).toBe(201);
  });

  it("keeps a place while parts are still coming, and frees a place whose first bytes are refused", async () => {
    const person = await member();
    const created = await create(person.cookie);
    const location = created.headers.get("location") ?? "";
    const half = PDF.subarray(0, 500);
    const part = await call(
      "PATCH",
      location,
      person.cookie,
      { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      half,
    );
    expect(part.status).toBe(204);
    expect(part.headers.get("upload-offset")).toBe("500");
    expect(await placesOf(person)).toEqual([objectOf(location)]);

    const other = await create(person.cookie);
    const notPdf = await call(
      "PATCH",
      other.headers.get("location") ?? "",
      person.cookie,
      { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
      Buffer.alloc(PDF.length, 1),
    );
    expect(notPdf.status).toBe(415);
    expect(await placesOf(person)).toEqual([objectOf(location)]);
  });

  it("frees a place once it expires, and says when the first one will", async () => {
    const person = await member();
    await placesElsewhere(person, 1, 10 * 60);
    await placesElsewhere(person, LIMIT - 1);
    const refused = await create(person.cookie);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await refused.text()).toContain("Or try again in 10 minutes");

    // An hour after it was taken (here: moved into the past), the first place is free again.
    const { error } = await service
      .from("resumable_uploads")
      .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .eq("owner_id", person.id)
      .eq("object_name", `${organisation}/projects/${project}/elsewhere-600-0/brief.pdf`);
    expect(error).toBeNull();
    expect((await create(person.cookie)).status).toBe(201);
    expect(await placesOf(person)).toHaveLength(LIMIT);
  });

  it("gives the place back when Storage itself refuses the creation", async () => {
    // Five uploads opened straight at Storage (the embedded backend's own bound), none here.
    const person = await member();
    const token = await tokenOf(person);
    for (let i = 0; i < LIMIT; i += 1) {
      const opened = await openInFolder(token, `straight-${i}`);
      expect(opened.status).toBe(201);
    }
    const refused = await create(person.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("You already have too many files");
    expect(await placesOf(person)).toEqual([]);
  });

  it("takes no place for a project the person may not send files to", async () => {
    const outsider = await createUser(backend);
    const session = await signedInClient(backend, outsider);
    const { data, error } = await session.rpc("take_resumable_upload_place", {
      p_project: project,
      p_object_name: `${organisation}/projects/${project}/x/brief.pdf`,
      p_length: 10,
    });
    expect(data).toBeNull();
    expect(error?.code).toBe("42501");
    const { error: read } = await session.from("resumable_uploads").select("id");
    expect(read?.code).toBe("42501");
  });
});
