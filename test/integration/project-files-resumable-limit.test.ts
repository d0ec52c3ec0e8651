/**
 * A person keeps at most 5 unfinished resumable uploads at a time (supabase/local/storage/
 * tus-store.ts): each may hold 50 MB of disk for an hour, so without a bound one person could
 * fill the disk with half-sent files. The sixth creation is 429 from Storage's tus endpoint,
 * and the site says it in the page's language with what to do; finishing or dropping one frees
 * its place; two creations at once never both take the last place. The count lives in the
 * backend, so every site worker sees the same one.
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
    const other = await member();
    const session = await signedInClient(backend, other);
    const token = (await session.auth.getSession()).data.session?.access_token ?? "";
    const start = (i: number) =>
      fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          apikey: backend.anonKey,
          "Tus-Resumable": "1.0.0",
          "Upload-Length": "10",
          "Upload-Metadata": `bucketName ${b64("client-files")},objectName ${b64(
            `${organisation}/projects/${project}/race-${i}/brief.pdf`,
          )}`,
        },
      });
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
