/**
 * storage-js (through supabase-js) against the embedded /storage/v1: every call the site and
 * the issue name, with hosted Storage's answers (HTTP 400 + `statusCode` "404"/"409"/"413"/"415"
 * in the body, see storage/errors.ts).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient } from "./helpers.ts";

let backend: TestBackend;
let service: SupabaseClient;
const BUCKET = "contract";
const bytes = (text: string) => new TextEncoder().encode(text);

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  const created = await service.storage.createBucket(BUCKET, {
    public: false,
    fileSizeLimit: 1024,
    allowedMimeTypes: ["text/plain", "image/*"],
  });
  expect(created).toEqual({ data: { name: BUCKET }, error: null });
});
afterAll(() => backend?.close());

describe("buckets", () => {
  it("gets and lists buckets with their limits", async () => {
    const { data } = await service.storage.getBucket(BUCKET);
    expect(data).toMatchObject({
      id: BUCKET,
      name: BUCKET,
      public: false,
      file_size_limit: 1024,
      allowed_mime_types: ["text/plain", "image/*"],
    });
    const list = await service.storage.listBuckets();
    expect(list.data?.map((bucket) => bucket.id)).toEqual(
      expect.arrayContaining([BUCKET, "media"]),
    );
    const media = list.data?.find((bucket) => bucket.id === "media");
    expect(media).toMatchObject({ public: true, file_size_limit: 5242880 });
    expect(media?.allowed_mime_types).not.toContain("image/svg+xml");
  });

  it("answers a duplicate bucket and a missing one as hosted Storage does", async () => {
    const duplicate = await service.storage.createBucket(BUCKET);
    expect(duplicate.error).toMatchObject({
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });
    const missing = await service.storage.getBucket("nope");
    expect(missing.error).toMatchObject({
      status: 400,
      statusCode: "404",
      message: "Bucket not found",
    });
  });

  it("updates, empties and deletes a bucket; visitors cannot manage buckets", async () => {
    expect((await service.storage.createBucket("scratch", { public: true })).error).toBeNull();
    expect(
      (await service.storage.updateBucket("scratch", { public: false, fileSizeLimit: "1KB" }))
        .error,
    ).toBeNull();
    expect((await service.storage.getBucket("scratch")).data).toMatchObject({
      public: false,
      file_size_limit: 1000,
    });
    await service.storage
      .from("scratch")
      .upload("a.txt", bytes("a"), { contentType: "text/plain" });
    const notEmpty = await service.storage.deleteBucket("scratch");
    expect(notEmpty.error).toMatchObject({ statusCode: "409" });
    expect((await service.storage.emptyBucket("scratch")).error).toBeNull();
    expect((await service.storage.deleteBucket("scratch")).error).toBeNull();
    const visitor = await anonClient(backend).storage.createBucket("mine");
    expect(visitor.error).toMatchObject({
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    expect((await anonClient(backend).storage.listBuckets()).data).toEqual([]);
  });
});

describe("objects", () => {
  const files = () => service.storage.from(BUCKET);

  it("uploads (raw and multipart), refuses duplicates unless upserting, and downloads", async () => {
    const first = await files().upload("docs/a.txt", bytes("hello"), { contentType: "text/plain" });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ path: "docs/a.txt", fullPath: `${BUCKET}/docs/a.txt` });
    expect(first.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await files().upload("docs/a.txt", bytes("other"), { contentType: "text/plain" });
    expect(again.error).toMatchObject({
      status: 400,
      statusCode: "409",
      message: "The resource already exists",
    });

    const upsert = await files().upload("docs/a.txt", bytes("hello again"), {
      contentType: "text/plain",
      upsert: true,
    });
    expect(upsert.error).toBeNull();
    const blob = await files().upload(
      "docs/b.txt",
      new Blob(["from a blob"], { type: "text/plain" }),
    );
    expect(blob.error).toBeNull();

    const download = await files().download("docs/a.txt");
    expect(await download.data?.text()).toBe("hello again");
    expect(download.data?.type).toBe("text/plain");
    expect(await (await files().download("docs/b.txt")).data?.text()).toBe("from a blob");
  });

  it("replaces an object with update (PUT) and refuses to update a missing one", async () => {
    await files().upload("put.txt", bytes("v1"), { contentType: "text/plain" });
    expect(
      (await files().update("put.txt", bytes("v2"), { contentType: "text/plain" })).error,
    ).toBeNull();
    expect(await (await files().download("put.txt")).data?.text()).toBe("v2");
    const missing = await files().update("nothing.txt", bytes("x"), { contentType: "text/plain" });
    expect(missing.error).toMatchObject({ statusCode: "404" });
  });

  it("enforces the bucket's size limit (413) and MIME types (415)", async () => {
    const big = await files().upload("big.txt", new Uint8Array(1025), {
      contentType: "text/plain",
    });
    expect(big.error).toMatchObject({
      status: 400,
      statusCode: "413",
      message: "The object exceeded the maximum allowed size",
    });
    const bigBlob = await files().upload(
      "big2.txt",
      new Blob([new Uint8Array(2048)], { type: "text/plain" }),
    );
    expect(bigBlob.error).toMatchObject({ statusCode: "413" });
    const svg = await files().upload("x.svg", bytes("<svg/>"), { contentType: "application/xml" });
    expect(svg.error).toMatchObject({
      status: 400,
      statusCode: "415",
      message: "mime type application/xml is not supported",
    });
    expect(
      (await files().upload("img.png", new Uint8Array(10), { contentType: "image/png" })).error,
    ).toBeNull();
    expect((await files().exists("big.txt")).data).toBe(false);
  });

  it("answers info and exists", async () => {
    await files().upload("info.txt", bytes("12345"), {
      contentType: "text/plain",
      metadata: { label: "five" },
    });
    const info = await files().info("info.txt");
    expect(info.data).toMatchObject({
      name: "info.txt",
      bucketId: BUCKET,
      size: 5,
      contentType: "text/plain",
      cacheControl: "max-age=3600",
      metadata: { label: "five" },
    });
    expect(info.data?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect((await files().exists("info.txt")).data).toBe(true);
    const missing = await files().exists("missing.txt");
    expect(missing.data).toBe(false);
    expect(missing.error).toMatchObject({ statusCode: "404" });
  });

  it("lists one folder level with prefix, limit, offset and sortBy", async () => {
    for (const name of ["c.txt", "a.txt", "b.txt", "deep/x.txt"]) {
      await files().upload(`list/${name}`, bytes(name), { contentType: "text/plain" });
    }
    const all = await files().list("list");
    expect(all.data?.map((entry) => entry.name)).toEqual(["a.txt", "b.txt", "c.txt", "deep"]);
    expect(all.data?.[3]?.id).toBeNull();
    expect(all.data?.[0]?.metadata).toMatchObject({ size: 5, mimetype: "text/plain" });
    const page = await files().list("list", {
      limit: 2,
      offset: 1,
      sortBy: { column: "name", order: "desc" },
    });
    expect(page.data?.map((entry) => entry.name)).toEqual(["c.txt", "b.txt"]);
    const search = await files().list("list", { search: "b" });
    expect(search.data?.map((entry) => entry.name)).toEqual(["b.txt"]);
    expect((await files().list("list/deep")).data?.map((entry) => entry.name)).toEqual(["x.txt"]);
  });

  it("moves, copies and removes", async () => {
    await files().upload("m/one.txt", bytes("one"), { contentType: "text/plain" });
    expect((await files().move("m/one.txt", "m/two.txt")).error).toBeNull();
    expect((await files().exists("m/one.txt")).data).toBe(false);
    expect((await files().copy("m/two.txt", "m/three.txt")).data).toEqual({
      path: `${BUCKET}/m/three.txt`,
    });
    expect(await (await files().download("m/three.txt")).data?.text()).toBe("one");
    const clash = await files().move("m/two.txt", "m/three.txt");
    expect(clash.error).toMatchObject({ statusCode: "409" });
    const missing = await files().move("m/none.txt", "m/four.txt");
    expect(missing.error).toMatchObject({ statusCode: "404", message: "Object not found" });
    const removed = await files().remove(["m/two.txt", "m/three.txt", "m/never.txt"]);
    expect(removed.data?.map((row) => row.name).sort()).toEqual(["m/three.txt", "m/two.txt"]);
    expect((await files().list("m")).data).toEqual([]);
  });

  it("signs download URLs and upload URLs", async () => {
    await files().upload("signed.txt", bytes("secret"), { contentType: "text/plain" });
    const signed = await files().createSignedUrl("signed.txt", 60);
    expect(signed.data?.signedUrl).toContain(`/storage/v1/object/sign/${BUCKET}/signed.txt?token=`);
    const response = await fetch(signed.data?.signedUrl ?? "");
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("secret");
    const tampered = new URL(signed.data?.signedUrl ?? "");
    tampered.pathname = tampered.pathname.replace("signed.txt", "info.txt");
    expect((await fetch(tampered)).status).toBe(400);
    const many = await files().createSignedUrls(["signed.txt", "nope.txt"], 60);
    expect(many.data?.[0]?.signedUrl).toContain("token=");
    expect(many.data?.[1]).toMatchObject({ path: "nope.txt", signedUrl: null });
    expect((await files().createSignedUrl("nope.txt", 60)).error).toMatchObject({
      statusCode: "404",
    });

    const upload = await files().createSignedUploadUrl("via-token.txt");
    expect(upload.error).toBeNull();
    const put = await anonClient(backend)
      .storage.from(BUCKET)
      .uploadToSignedUrl("via-token.txt", upload.data?.token ?? "", bytes("by token"), {
        contentType: "text/plain",
      });
    expect(put.error).toBeNull();
    expect(await (await files().download("via-token.txt")).data?.text()).toBe("by token");
    const reuse = await files().createSignedUploadUrl("via-token.txt");
    expect(reuse.error).toMatchObject({ statusCode: "409" });
  });
});

describe("HTTP details", () => {
  it("serves public objects without a key, with ETag, ranges and 304", async () => {
    const admin = serviceClient(backend).storage.from("media");
    await admin.upload("http/t.png", bytes("0123456789"), {
      contentType: "image/png",
      cacheControl: "31536000",
    });
    const url = admin.getPublicUrl("http/t.png").data.publicUrl;
    const full = await fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/png");
    expect(full.headers.get("cache-control")).toBe("max-age=31536000");
    const etag = full.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const range = await fetch(url, { headers: { Range: "bytes=2-4" } });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe("bytes 2-4/10");
    expect(await range.text()).toBe("234");
    expect((await fetch(url, { headers: { Range: "bytes=50-" } })).status).toBe(416);
    expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);
    const privateUrl = service.storage.from(BUCKET).getPublicUrl("signed.txt").data.publicUrl;
    const refused = await fetch(privateUrl);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: "404", error: "Bucket not found" });
  });

  it("refuses an oversized upload before reading its body", async () => {
    const response = await fetch(`${backend.url}/storage/v1/object/media/huge.png`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${backend.serviceRoleKey}`,
        "Content-Type": "image/png",
        "Content-Length": String(6 * 1024 * 1024),
      },
      body: new Uint8Array(6 * 1024 * 1024),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "413", error: "Payload too large" });
  });
});
