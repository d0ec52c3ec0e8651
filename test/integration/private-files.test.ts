/**
 * Private files of client organisations (supabase/migrations/20261211000001_client_files.sql,
 * app/domain/files/private-files.server.ts, GET /files/<organisation>/<path>): the site hands a
 * file to exactly the people the permission table lets read it — the organisation's owner and
 * members, the staff assigned to it, admins — with headers that keep it private and inert, and
 * streams it (a 50 MB file does not sit in the server's memory). Storage's own API, called with
 * each person's token as supabase-js does, gives the same answers through RLS.
 */
import type { TestBackend } from "@jenga/supabase-local/testing";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fileRoute from "~/routes/account/file";
import { asResponse, settle, toastOf } from "../support/answers";
import {
  adminUserId,
  createUser,
  serviceClient,
  signedInClient,
  signInCookie,
  startAppBackend,
} from "../support/backend";
import { heldHeap, MB } from "../support/held-heap";
import { argsWithParams } from "../support/route-args";
import { routed } from "../support/routed";

const file = routed(fileRoute);

type Person = Awaited<ReturnType<typeof createUser>>;
let backend: TestBackend;
let service: SupabaseClient;
let orgA: string;
let orgB: string;
const people: Record<string, Person> = {};
const cookies: Record<string, string> = {};

const PDF = Buffer.from("%PDF-1.4\n% a brief\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

async function organisation(name: string): Promise<string> {
  const { data, error } = await service
    .from("organisations")
    .insert({ name })
    .select("id")
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function put(key: string, body: Buffer, contentType: string) {
  const { error } = await service.storage.from("client-files").upload(key, body, { contentType });
  if (error) throw new Error(`${key}: ${error.message}`);
}

beforeAll(async () => {
  backend = await startAppBackend();
  service = serviceClient(backend);
  [orgA, orgB] = await Promise.all([organisation("Acme"), organisation("Beta")]);
  for (const name of ["ownerA", "memberA", "staffA", "staffB", "ownerB", "stranger"]) {
    people[name] = await createUser(backend);
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
  await put(`${orgA}/brief.pdf`, PDF, "application/pdf");
  await put(`${orgA}/designs/home page.png`, PNG, "image/png");
  await put(`${orgA}/notes.html`, Buffer.from("<script>alert(1)</script>"), "text/html");
  await put(`${orgB}/secret.pdf`, PDF, "application/pdf");
  for (const [name, person] of Object.entries(people))
    cookies[name] = await signInCookie(person.email);
  cookies.admin = await signInCookie(backend.admin.email, backend.admin.password);
  people.admin = { id: await adminUserId(backend), email: backend.admin.email, password: "" };
}, 60_000);
afterAll(() => backend.close());

async function download(path: string, cookie?: string, headers: Record<string, string> = {}) {
  const [, organisationId, ...rest] = path.split("/").slice(1);
  const params = { organisationId: organisationId ?? "", "*": decodeURIComponent(rest.join("/")) };
  const args = argsWithParams(path, params, { cookie, headers });
  return (await settle(() => file.loader(args))) as Response;
}

describe("GET /files/<organisation>/<path>", () => {
  it("hands A's file to A's owner and member, the staff assigned to A and admins; 404 to anyone else", async () => {
    const path = `/files/${orgA}/brief.pdf`;
    for (const name of ["ownerA", "memberA", "staffA", "admin"]) {
      const answer = await download(path, cookies[name]);
      expect(answer.status, name).toBe(200);
      expect(Buffer.from(await answer.arrayBuffer()).equals(PDF), name).toBe(true);
    }
    for (const name of ["ownerB", "staffB", "stranger"]) {
      const answer = await download(path, cookies[name]);
      expect(answer.status, name).toBe(404);
      expect(await answer.text()).toBe("Not found");
    }
    // B's file for A's people; no such file; keys made up or climbing out of the folder.
    for (const other of [
      `/files/${orgB}/secret.pdf`,
      `/files/${orgA}/missing.pdf`,
      `/files/${orgA}/../${orgB}/secret.pdf`,
      `/files/${orgA}/%2e%2e/x`,
      "/files/not-an-organisation/brief.pdf",
      `/files/${orgA}/`,
    ]) {
      expect((await download(other, cookies.ownerA)).status, other).toBe(404);
    }
  });

  it("sends visitors without a session to sign in", async () => {
    const answer = await download(`/files/${orgA}/brief.pdf`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("keeps every file private and inert: no store, no sniffing, inline only for images and PDF, sandboxed", async () => {
    const pdf = await download(`/files/${orgA}/brief.pdf`, cookies.memberA);
    expect(Object.fromEntries(pdf.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="brief.pdf"; filename*=UTF-8''brief.pdf`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    expect(pdf.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    const image = await download(`/files/${orgA}/designs/home%20page.png`, cookies.memberA);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-disposition")).toBe(
      `inline; filename="home page.png"; filename*=UTF-8''home%20page.png`,
    );
    const html = await download(`/files/${orgA}/notes.html`, cookies.memberA);
    expect(html.headers.get("content-disposition")).toMatch(/^attachment; filename="notes.html"/);
    expect(html.headers.get("content-security-policy")).toMatch(/^sandbox/);
  });

  it("passes byte ranges through", async () => {
    const part = await download(`/files/${orgA}/brief.pdf`, cookies.ownerA, { Range: "bytes=0-7" });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("%PDF-1.4");
    expect(part.headers.get("cache-control")).toBe("private, no-store");
  });

  it("streams a 50 MB file: the server holds a few chunks of it, never the whole", async () => {
    const big = Buffer.alloc(50 * MB, 7);
    await put(`${orgA}/large.bin`, big, "application/octet-stream");
    const answer = await download(`/files/${orgA}/large.bin`, cookies.memberA);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment/);
    const held = () => heldHeap() + process.memoryUsage().arrayBuffers;
    const before = held();
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    let midway = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (!midway && received > 25 * MB) midway = held() - before;
    }
    expect(received).toBe(50 * MB);
    expect(midway).toBeLessThan(20 * MB);
  }, 60_000);
});

/** A multipart form with one file of `size` bytes, generated as it is read (never held whole). */
function streamedForm(name: string, size: number, onSent?: (sent: number) => void) {
  const boundary = "----files-test-boundary";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 7);
  let sent = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        sent = 0;
        return controller.enqueue(head);
      }
      if (sent >= size) {
        controller.enqueue(tail);
        return controller.close();
      }
      const part = chunk.subarray(0, Math.min(MB, size - sent));
      sent += part.byteLength;
      onSent?.(sent);
      controller.enqueue(part);
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  organisationId: string,
  cookie: string | undefined,
  form: { body: BodyInit; type: string },
) {
  const path = `/files/${organisationId}?back=/dashboard`;
  const args = argsWithParams(path, { organisationId, "*": "" }, {
    method: "POST",
    cookie,
    body: form.body,
    headers: { "Content-Type": form.type },
    duplex: "half",
  } as RequestInit);
  return asResponse(await settle(() => file.action(args)));
}

function smallForm(name: string, bytes: Buffer, type: string) {
  const data = new FormData();
  data.set("file", new File([new Uint8Array(bytes)], name, { type }));
  const request = new Request("http://localhost/", { method: "POST", body: data });
  return {
    body: request.body as ReadableStream<Uint8Array>,
    type: request.headers.get("content-type") ?? "",
  };
}

async function stored(key: string) {
  const folder = key.slice(0, key.lastIndexOf("/"));
  const { data } = await service.storage.from("client-files").list(folder, { limit: 100 });
  return data?.find((object) => `${folder}/${object.name}` === key);
}

describe("POST /files/<organisation>: a file sent with a form", () => {
  it("stores A's member's file in A's folder and says so; a stranger's is refused and not stored", async () => {
    const sent = await upload(
      orgA,
      cookies.memberA,
      smallForm("Brief v2 (final).pdf", PDF, "application/pdf"),
    );
    expect(sent.headers.get("Location")).toBe("/dashboard");
    expect((await toastOf(sent))?.title).toBe("Brief v2 (final).pdf was received");
    expect((await stored(`${orgA}/Brief v2 (final).pdf`))?.metadata).toMatchObject({
      mimetype: "application/pdf",
      size: PDF.length,
    });
    const again = await upload(
      orgA,
      cookies.memberA,
      smallForm("Brief v2 (final).pdf", PNG, "image/png"),
    );
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: "A file with this name is already there. Rename it and send it again.",
    });
    const refused = await upload(
      orgA,
      cookies.stranger,
      smallForm("planted.pdf", PDF, "application/pdf"),
    );
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      title: "There is no such client, or you cannot send it files.",
    });
    expect(await stored(`${orgA}/planted.pdf`)).toBeUndefined();
    const odd = await upload(
      orgA,
      cookies.ownerA,
      smallForm("../../etc/pass<wd>.pdf", PDF, "text/plain"),
    );
    expect((await toastOf(odd))?.title).toBe("pass-wd-.pdf was received");
  });

  it("passes a 50 MB file on as it arrives: the server holds a few chunks of it, never the whole", async () => {
    const held = () => heldHeap() + process.memoryUsage().arrayBuffers;
    // The memory outside the heap that earlier tests' buffers held is given back a little after
    // their collection: the measure starts once it has settled.
    let before = held();
    for (let tries = 0; tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = held();
      const settled = Math.abs(now - before) < MB;
      before = now;
      if (settled) break;
    }
    let midway: number | null = null;
    const form = streamedForm("recording.bin", 50 * MB, (sent) => {
      if (midway === null && sent >= 25 * MB) midway = held() - before;
    });
    const sent = await upload(orgA, cookies.ownerA, form);
    expect((await toastOf(sent))?.title).toBe("recording.bin was received");
    expect((await stored(`${orgA}/recording.bin`))?.metadata).toMatchObject({ size: 50 * MB });
    expect(midway).not.toBeNull();
    expect(midway).toBeLessThan(20 * MB);
  }, 60_000);

  it("refuses a file over 50 MB and stores nothing", async () => {
    const sent = await upload(orgA, cookies.ownerA, streamedForm("too-big.bin", 50 * MB + 1));
    expect(await toastOf(sent)).toMatchObject({
      type: "error",
      title: "The file is larger than 50 MB. Send a smaller one, or split it.",
    });
    expect(await stored(`${orgA}/too-big.bin`)).toBeUndefined();
  }, 60_000);
});

describe("Storage's API with each person's token (as supabase-js calls it)", () => {
  const as = (name: string) => signedInClient(backend, people[name] as Person);

  it("lets A's people read and add A's files, never B's; members cannot remove one, owners can", async () => {
    const member = await as("memberA");
    const own = await member.storage.from("client-files").download(`${orgA}/brief.pdf`);
    expect(own.error).toBeNull();
    const foreign = await member.storage.from("client-files").download(`${orgB}/secret.pdf`);
    expect(foreign.data).toBeNull();
    expect(foreign.error).not.toBeNull();
    const listed = await member.storage.from("client-files").list(orgB);
    expect(listed.data ?? []).toEqual([]);

    const added = await member.storage
      .from("client-files")
      .upload(`${orgA}/from-the-client.pdf`, PDF, { contentType: "application/pdf" });
    expect(added.error).toBeNull();
    const intoB = await member.storage
      .from("client-files")
      .upload(`${orgB}/planted.pdf`, PDF, { contentType: "application/pdf" });
    expect(intoB.error?.message).toMatch(/row-level security/);
    const outside = await member.storage
      .from("client-files")
      .upload("loose/file.pdf", PDF, { contentType: "application/pdf" });
    expect(outside.error?.message).toMatch(/row-level security/);

    const removedByMember = await member.storage
      .from("client-files")
      .remove([`${orgA}/from-the-client.pdf`]);
    expect(removedByMember.data ?? []).toEqual([]);
    const owner = await as("ownerA");
    const removedByOwner = await owner.storage
      .from("client-files")
      .remove([`${orgA}/from-the-client.pdf`]);
    expect(removedByOwner.data?.map((object) => object.name)).toEqual([
      `${orgA}/from-the-client.pdf`,
    ]);
  });

  it("keeps the bucket private: no public URL answers", async () => {
    const response = await fetch(
      `${backend.url}/storage/v1/object/public/client-files/${orgA}/brief.pdf`,
    );
    expect(response.status).toBe(400);
    await response.body?.cancel();
  });
});
