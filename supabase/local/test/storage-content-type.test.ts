/**
 * The Content-Type of stored objects: an upload's type is stored without parameters, as the
 * bucket's allowed entry it matched (a type the bucket does not allow is refused, 415, as hosted
 * Storage does); every way of reading an object — public, authenticated, signed, HEAD, info —
 * answers that type again, `application/octet-stream` for a stored type the bucket does not allow
 * (an object copied in from another bucket), and always `X-Content-Type-Options: nosniff`.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { serviceClient } from "./helpers.ts";

let backend: TestBackend;
let service: SupabaseClient;
const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const LOOSE = "loose";

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  expect((await service.storage.createBucket(LOOSE, { public: true })).error).toBeNull();
});
afterAll(() => backend?.close());

/** A raw upload (storage-js would not send these headers as they are) with the service key. */
function upload(bucket: string, key: string, contentType: string, body: BodyInit = jpegBytes) {
  return fetch(`${backend.url}/storage/v1/object/${bucket}/${key}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, "Content-Type": contentType },
    body,
  });
}

/** Every way of reading `bucket/key`, each answer's Content-Type and nosniff header. */
async function readAllWays(bucket: string, key: string) {
  const auth = { Authorization: `Bearer ${backend.serviceRoleKey}` };
  const signed = await service.storage.from(bucket).createSignedUrl(key, 60);
  const base = `${backend.url}/storage/v1/object`;
  const reads: [string, Promise<Response>][] = [
    ["public", fetch(`${base}/public/${bucket}/${key}`)],
    ["public HEAD", fetch(`${base}/public/${bucket}/${key}`, { method: "HEAD" })],
    ["any", fetch(`${base}/${bucket}/${key}`, { headers: auth })],
    ["authenticated", fetch(`${base}/authenticated/${bucket}/${key}`, { headers: auth })],
    ["signed", fetch(signed.data?.signedUrl ?? "")],
    ["info", fetch(`${base}/info/${bucket}/${key}`, { headers: auth })],
  ];
  const answers = [];
  for (const [way, pending] of reads) {
    const response = await pending;
    const body = await response.text();
    answers.push({
      way,
      status: response.status,
      type: way === "info" ? JSON.parse(body).content_type : response.headers.get("content-type"),
      nosniff: response.headers.get("x-content-type-options"),
    });
  }
  return answers;
}

const everyWay = (type: string) =>
  ["public", "public HEAD", "any", "authenticated", "signed", "info"].map((way) => ({
    way,
    status: 200,
    type,
    nosniff: "nosniff",
  }));

describe("uploads", () => {
  it("store an allowed type without its parameters, served so every way", async () => {
    const response = await upload("media", "ct/params.jpg", "image/jpeg; charset=utf-8;x=y");
    expect(response.status).toBe(200);
    expect(await readAllWays("media", "ct/params.jpg")).toEqual(everyWay("image/jpeg"));
    expect((await service.storage.from("media").info("ct/params.jpg")).data?.contentType).toBe(
      "image/jpeg",
    );
    expect((await upload("media", "ct/upper.png", "IMAGE/PNG")).status).toBe(200);
    expect(await readAllWays("media", "ct/upper.png")).toEqual(everyWay("image/png"));
  });

  it.each([
    "text/html",
    "text/html; x=image/png",
    "image/svg+xml; charset=utf-8",
    "image/png/x",
    "image/png, text/html",
    "image /png",
    "image/",
  ])("refuse %j in the media bucket (415) and store nothing", async (type) => {
    const key = `ct/refused-${encodeURIComponent(type).replace(/%/g, "")}.bin`;
    const response = await upload("media", key, type);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      statusCode: "415",
      error: "invalid_mime_type",
      message: `mime type ${type} is not supported`,
    });
    expect((await service.storage.from("media").exists(key)).data).toBe(false);
  });

  it("keep only a charset parameter in a bucket that allows any type", async () => {
    expect((await upload(LOOSE, "note.txt", "text/plain; charset=UTF-8; x=y")).status).toBe(200);
    expect(await readAllWays(LOOSE, "note.txt")).toEqual(everyWay("text/plain; charset=utf-8"));
  });
});

describe("downloads", () => {
  it("never echo a type the bucket does not allow (an object copied in from elsewhere)", async () => {
    const html = new TextEncoder().encode("<script>alert(1)</script>");
    expect((await upload(LOOSE, "page.html", "text/html; charset=utf-8", html)).status).toBe(200);
    const copied = await service.storage
      .from(LOOSE)
      .copy("page.html", "ct/page.jpg", { destinationBucket: "media" });
    expect(copied.error).toBeNull();
    expect(await readAllWays("media", "ct/page.jpg")).toEqual(everyWay("application/octet-stream"));
  });

  it("send nosniff on 304s and errors too", async () => {
    const url = `${backend.url}/storage/v1/object/public/media/ct/params.jpg`;
    const etag = (await fetch(url)).headers.get("etag") ?? "";
    const cached = await fetch(url, { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
    expect(cached.headers.get("x-content-type-options")).toBe("nosniff");
    const missing = await fetch(`${backend.url}/storage/v1/object/public/media/ct/none.jpg`);
    expect(missing.status).toBe(400);
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
