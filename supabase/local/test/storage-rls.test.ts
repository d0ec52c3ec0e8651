/** RLS on storage.objects, evaluated with the caller's JWT: the `media` bucket's policies. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, TEST_ADMIN, type TestBackend } from "../testing.ts";
import { anonClient, serviceClient, signedInClient } from "./helpers.ts";

let backend: TestBackend;
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeAll(async () => {
  backend = await startTestBackend();
  await serviceClient(backend)
    .storage.from("media")
    .upload("rls/existing.png", png, { contentType: "image/png" });
});
afterAll(() => backend?.close());

async function adminClient() {
  const client = anonClient(backend);
  const { error } = await client.auth.signInWithPassword(TEST_ADMIN);
  if (error) throw error;
  return client;
}

describe("media bucket policies", () => {
  it("refuses uploads by visitors and by signed-in non-admins", async () => {
    const visitor = await anonClient(backend)
      .storage.from("media")
      .upload("rls/anon.png", png, { contentType: "image/png" });
    expect(visitor.error).toMatchObject({
      status: 400,
      statusCode: "403",
      message: "new row violates row-level security policy",
    });
    const { client } = await signedInClient(backend);
    // user_metadata is user-editable: it must not grant anything.
    await client.auth.updateUser({ data: { is_admin: true } });
    await client.auth.refreshSession();
    const user = await client.storage
      .from("media")
      .upload("rls/user.png", png, { contentType: "image/png" });
    expect(user.error).toMatchObject({ statusCode: "403" });
    const upsert = await client.storage
      .from("media")
      .upload("rls/existing.png", png, { contentType: "image/png", upsert: true });
    expect(upsert.error).toMatchObject({ statusCode: "403" });
    const signedUpload = await client.storage.from("media").createSignedUploadUrl("rls/user2.png");
    expect(signedUpload.error).toMatchObject({ statusCode: "403" });
    expect((await serviceClient(backend).storage.from("media").exists("rls/user.png")).data).toBe(
      false,
    );
  });

  it("lets anyone read, and only admins move, remove or replace", async () => {
    const visitor = anonClient(backend).storage.from("media");
    expect(await (await visitor.download("rls/existing.png")).data?.arrayBuffer()).toEqual(
      png.buffer,
    );
    expect((await visitor.list("rls")).data?.map((entry) => entry.name)).toEqual(["existing.png"]);
    expect((await visitor.remove(["rls/existing.png"])).data).toEqual([]);
    expect((await visitor.move("rls/existing.png", "rls/moved.png")).error).toMatchObject({
      statusCode: "404",
    });
    const { client } = await signedInClient(backend);
    expect((await client.storage.from("media").remove(["rls/existing.png"])).data).toEqual([]);

    const admin = (await adminClient()).storage.from("media");
    const uploaded = await admin.upload("rls/admin.png", png, { contentType: "image/png" });
    expect(uploaded.error).toBeNull();
    expect(
      (await admin.upload("rls/admin.png", png, { contentType: "image/png", upsert: true })).error,
    ).toBeNull();
    expect((await admin.move("rls/admin.png", "rls/renamed.png")).error).toBeNull();
    const removed = await admin.remove(["rls/renamed.png", "rls/existing.png"]);
    expect(removed.data?.map((row) => row.name).sort()).toEqual([
      "rls/existing.png",
      "rls/renamed.png",
    ]);
  });

  it("refuses SVG and oversized files in the media bucket, whoever uploads", async () => {
    const admin = (await adminClient()).storage.from("media");
    const svg = await admin.upload("rls/x.svg", new TextEncoder().encode("<svg/>"), {
      contentType: "image/svg+xml",
    });
    expect(svg.error).toMatchObject({ statusCode: "415" });
    const big = await admin.upload("rls/big.png", new Uint8Array(5 * 1024 * 1024 + 1), {
      contentType: "image/png",
    });
    expect(big.error).toMatchObject({ statusCode: "413" });
  });

  it("hides objects of a private bucket from visitors and users without a policy", async () => {
    const service = serviceClient(backend).storage;
    await service.createBucket("private-rls");
    await service
      .from("private-rls")
      .upload("a.txt", new TextEncoder().encode("x"), { contentType: "text/plain" });
    const visitor = await anonClient(backend).storage.from("private-rls").download("a.txt");
    expect(visitor.error).toMatchObject({ statusCode: "404" });
    const { client } = await signedInClient(backend);
    expect((await client.storage.from("private-rls").download("a.txt")).error).toMatchObject({
      statusCode: "404",
    });
    expect((await client.storage.from("private-rls").list()).data).toEqual([]);
  });
});
