/**
 * Resumable uploads (tus 1.0.0) at /storage/v1/upload/resumable, as hosted Storage answers
 * them (storage/tus-routes.ts): create, upload in parts, resume after a cut-off PATCH from the
 * offset HEAD gives, 409 on a wrong offset, 413 past 50 MB or past the declared length, RLS of
 * storage.objects with the caller's JWT, the upload only for the caller who made it, expired
 * partial uploads swept, and a 50 MB upload that never sits in memory.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TusStore } from "../storage/tus-store.ts";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { heldMemory } from "../testing-heap.ts";
import { serviceClient, signedInClient } from "./helpers.ts";

let backend: TestBackend;
let adminToken: string;
const BUCKET = "tus-test";
const MB = 1024 * 1024;

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const metadata = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(",");

beforeAll(async () => {
  backend = await startTestBackend();
  const created = await serviceClient(backend).storage.createBucket(BUCKET, {
    public: false,
    fileSizeLimit: 50 * MB,
  });
  if (created.error) throw created.error;
  // The bucket has no policies: the service role writes it (RLS is tested on `media` below).
  adminToken = backend.serviceRoleKey;
});
afterAll(() => backend?.close());

const tus = (token: string, extra: Record<string, string> = {}) => ({
  Authorization: `Bearer ${token}`,
  apikey: backend.anonKey,
  "Tus-Resumable": "1.0.0",
  ...extra,
});

async function create(
  token: string,
  objectName: string,
  length: number,
  options: { bucket?: string; contentType?: string; upsert?: boolean } = {},
) {
  return fetch(`${backend.url}/storage/v1/upload/resumable`, {
    method: "POST",
    headers: tus(token, {
      "Upload-Length": String(length),
      "Upload-Metadata": metadata({
        bucketName: options.bucket ?? BUCKET,
        objectName,
        contentType: options.contentType ?? "application/pdf",
        cacheControl: "3600",
      }),
      ...(options.upsert ? { "x-upsert": "true" } : {}),
    }),
  });
}

async function created(token: string, objectName: string, length: number) {
  const answer = await create(token, objectName, length);
  expect(answer.status).toBe(201);
  const location = answer.headers.get("location") ?? "";
  expect(location).toMatch(/\/storage\/v1\/upload\/resumable\/[\w-]+$/);
  return location;
}

const patch = (token: string, location: string, offset: number, body: Uint8Array) =>
  fetch(location, {
    method: "PATCH",
    headers: tus(token, {
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
    }),
    body: body as unknown as BodyInit,
  });

async function offsetOf(token: string, location: string) {
  const answer = await fetch(location, { method: "HEAD", headers: tus(token) });
  return { status: answer.status, offset: Number(answer.headers.get("upload-offset")) };
}

/** A PATCH whose connection is cut after `sent` of its declared bytes. */
function cutPatch(token: string, location: string, offset: number, declared: number, sent: Buffer) {
  return new Promise<void>((resolve) => {
    const url = new URL(location);
    const req = httpRequest(url, {
      method: "PATCH",
      headers: tus(token, {
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(declared),
      }),
    });
    req.on("error", () => resolve());
    req.write(sent, () => setTimeout(() => req.destroy(), 200));
    req.on("close", () => resolve());
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

/** The offset once the server has stopped taking a cut-off request's bytes. */
async function settled(location: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100; i += 1) {
    const { offset } = await offsetOf(adminToken, location);
    if (offset === last && offset > 0) return offset;
    last = offset;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

const bytes = (size: number, seed = 7) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 251));

async function stored(key: string) {
  const { data, error } = await serviceClient(backend).storage.from(BUCKET).download(key);
  if (error) throw error;
  return Buffer.from(await data.arrayBuffer());
}

describe("tus resumable uploads", () => {
  it("creates an upload, takes it in parts and stores the object when the last byte arrives", async () => {
    const body = bytes(300_000);
    const location = await created(adminToken, "parts/brief.pdf", body.length);
    expect(await offsetOf(adminToken, location)).toEqual({ status: 200, offset: 0 });
    const first = await patch(adminToken, location, 0, body.subarray(0, 100_000));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("100000");
    expect(first.headers.get("tus-resumable")).toBe("1.0.0");
    const last = await patch(adminToken, location, 100_000, body.subarray(100_000));
    expect(last.status).toBe(204);
    expect(last.headers.get("upload-offset")).toBe("300000");
    expect(last.headers.get("tus-complete")).toBe("1");
    expect(await stored("parts/brief.pdf")).toEqual(body);
    const info = await serviceClient(backend).storage.from(BUCKET).info("parts/brief.pdf");
    expect(info.data).toMatchObject({ contentType: "application/pdf", size: 300_000 });
    // A finished upload is no longer there to continue.
    expect((await offsetOf(adminToken, location)).status).toBe(404);
  });

  it("keeps what a cut-off PATCH delivered and resumes from the offset HEAD gives", async () => {
    const body = bytes(2 * MB, 13);
    const location = await created(adminToken, "resume/logo.pdf", body.length);
    // Each cut keeps what reached the server (maybe not all that was sent before the cut).
    await cutPatch(adminToken, location, 0, body.length, body.subarray(0, 700_000));
    const first = await settled(location);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(700_000);
    await cutPatch(adminToken, location, first, body.length - first, body.subarray(first, MB));
    const second = await settled(location);
    expect(second).toBeGreaterThan(first);
    expect(second).toBeLessThanOrEqual(MB);
    const rest = await patch(adminToken, location, second, body.subarray(second));
    expect(rest.status).toBe(204);
    expect(await stored("resume/logo.pdf")).toEqual(body);
  });

  it("answers 409 to a PATCH at another offset than the server's, and keeps the bytes", async () => {
    const location = await created(adminToken, "conflict/a.pdf", 20);
    expect((await patch(adminToken, location, 0, bytes(10))).status).toBe(204);
    const wrong = await patch(adminToken, location, 0, bytes(10));
    expect(wrong.status).toBe(409);
    expect(await wrong.text()).toBe("Upload-Offset conflict\n");
    expect((await patch(adminToken, location, 15, bytes(5))).status).toBe(409);
    expect((await offsetOf(adminToken, location)).offset).toBe(10);
  });

  it("refuses an upload over 50 MB (413) and bytes past the declared length", async () => {
    const over = await create(adminToken, "big/over.pdf", 50 * MB + 1);
    expect(over.status).toBe(413);
    expect(await over.text()).toBe("Maximum size exceeded\n");
    expect((await create(adminToken, "big/exact.pdf", 50 * MB)).status).toBe(201);
    const location = await created(adminToken, "big/small.pdf", 10);
    const past = await patch(adminToken, location, 0, bytes(11));
    expect(past.status).toBe(413);
    expect((await offsetOf(adminToken, location)).offset).toBe(0);
  });

  it("checks the protocol's headers", async () => {
    const location = await created(adminToken, "headers/a.pdf", 10);
    const noVersion = await fetch(location, {
      method: "PATCH",
      headers: {
        Authorization: `Bearer ${adminToken}`,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: bytes(10) as unknown as BodyInit,
    });
    expect(noVersion.status).toBe(412);
    const wrongType = await fetch(location, {
      method: "PATCH",
      headers: tus(adminToken, { "Upload-Offset": "0", "Content-Type": "text/plain" }),
      body: bytes(10) as unknown as BodyInit,
    });
    expect(wrongType.status).toBe(415);
    const noLength = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
      method: "POST",
      headers: tus(adminToken, {
        "Upload-Metadata": metadata({ bucketName: BUCKET, objectName: "x.pdf" }),
      }),
    });
    expect(noLength.status).toBe(412);
    const noBucket = await create(adminToken, "x.pdf", 10, { bucket: "no-such-bucket" });
    expect(noBucket.status).toBe(404);
    expect(await noBucket.text()).toBe("Bucket not found\n");
  });

  it("authorises with the caller's JWT through storage.objects RLS, and only the creator continues", async () => {
    const { client } = await signedInClient(backend);
    const token = (await client.auth.getSession()).data.session?.access_token ?? "";
    // The media bucket takes files from admins only.
    const refused = await create(token, "tus/user.png", 10, {
      bucket: "media",
      contentType: "image/png",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe("new row violates row-level security policy\n");
    const anonymous = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "10" },
    });
    expect(anonymous.status).toBe(400);
    // An admin's upload: another person's token cannot see nor continue it.
    const location = await created(adminToken, "owner/a.pdf", 10);
    expect((await offsetOf(token, location)).status).toBe(404);
    expect((await patch(token, location, 0, bytes(10))).status).toBe(404);
    // Without x-upsert an existing object is not replaced.
    expect((await patch(adminToken, location, 0, bytes(10))).status).toBe(204);
    const again = await create(adminToken, "owner/a.pdf", 10);
    expect(again.status).toBe(409);
    expect((await create(adminToken, "owner/a.pdf", 10, { upsert: true })).status).toBe(201);
  });

  it("drops an upload on DELETE", async () => {
    const location = await created(adminToken, "gone/a.pdf", 10);
    const removed = await fetch(location, { method: "DELETE", headers: tus(adminToken) });
    expect(removed.status).toBe(204);
    expect((await offsetOf(adminToken, location)).status).toBe(404);
  });

  it("sweeps partial uploads once they expire (410 until then)", async () => {
    let now = 1_000_000;
    const store = new TusStore({ dir: `${backend.dir}/tus-sweep` }, { now: () => now });
    const upload = await store.create({
      bucketId: BUCKET,
      objectName: "a.pdf",
      length: 10,
      rawMetadata: "",
      contentType: "application/pdf",
      cacheControl: "no-cache",
      userMetadata: null,
      owner: null,
      upsert: false,
    });
    expect(store.isExpired(upload)).toBe(false);
    expect(await store.sweepNow()).toBe(0);
    now += 60 * 60 * 1000;
    expect(store.isExpired(upload)).toBe(true);
    expect(await store.sweepNow()).toBe(1);
    expect(await store.find(upload.version)).toBeNull();
  });

  it("streams a 50 MB upload to disk without holding it in memory", async () => {
    const size = 50 * MB;
    const location = await created(adminToken, "memory/video.pdf", size);
    const chunk = Buffer.alloc(MB, 3);
    // What stays held after a collection: the bytes received so far must not be among it.
    const req = httpRequest(new URL(location), {
      method: "PATCH",
      headers: tus(adminToken, {
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(size),
      }),
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
    });
    let sentSoFar = 0;
    const send = async (megabytes: number) => {
      for (let i = 0; i < megabytes; i += 1) {
        sentSoFar += MB;
        if (!req.write(chunk)) await new Promise((resolve) => req.once("drain", resolve));
      }
    };
    const reach = async (megabytes: number) => {
      await send(megabytes);
      const { offset } = await until(
        () => offsetOf(adminToken, location),
        (value) => value.offset >= sentSoFar - MB,
      );
      expect(offset).toBeGreaterThanOrEqual(sentSoFar - MB);
      return heldMemory();
    };
    // 10 MB in, then 30 MB more: what is held must not grow with what was received.
    const early = await reach(10);
    const late = await reach(30);
    expect((late - early) / MB).toBeLessThan(8);
    await send(10);
    req.end();
    expect(await answered).toBe(204);
    const info = await serviceClient(backend).storage.from(BUCKET).info("memory/video.pdf");
    expect(info.data?.size).toBe(size);
  }, 60_000);
});
