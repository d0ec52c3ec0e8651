import { routed } from "../support/routed";
/**
 * Cover uploads and the media library, through the real actions against the embedded backend
 * (Storage, RLS and all): what is stored, what is refused (and how the form answers), what is
 * served under /media/.
 */

import type { TestBackend } from "@jenga/supabase-local/testing";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "~/domain/media/limits";
import { allKeysOf } from "~/domain/media/urls";
import * as libraryRoute from "~/routes/admin/media-library";
import * as uploadRoute from "~/routes/admin/media-upload";
import * as createRoute from "~/routes/admin/post-new";
import * as blogPost from "~/routes/blog/post";
import * as media from "~/routes/media";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { createUser, serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { jpegWithGps, pngOf } from "../support/images";
import { multipartPost, routeArgs } from "../support/route-args";

const library = routed(libraryRoute);
const upload = routed(uploadRoute);
const create = routed(createRoute);

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

const multipart = multipartPost;

const typed = {
  title: "Cover test",
  excerpt: "Kept excerpt",
  content: "<p>Kept</p>",
  tags: "a, b",
  intent: "save",
};

async function newPost(
  fields: Record<string, string>,
  files: Record<string, File>,
  cookie = admin,
) {
  const { args } = routeArgs("/admin/posts/new", { ...multipart(fields, files), cookie });
  return settle(() => create.action(args));
}

async function serve(path: string, headers: Record<string, string> = {}) {
  const [, , hash, file] = path.split("/");
  const { args } = routeArgs(path, { headers, params: { hash: hash ?? "", file: file ?? "" } });
  return asResponse(await media.loader(args as never));
}

const latestPost = async () =>
  (
    await serviceClient(backend)
      .from("posts")
      .select("*")
      .order("id", { ascending: false })
      .limit(1)
      .single()
  ).data as { id: number; cover_image: string | null; title: string };

describe("uploading a cover with the post form (no JS)", () => {
  it("stores the re-encoded variants and saves the post with its /media/ URL", async () => {
    const photo = new File([new Uint8Array(await jpegWithGps(2000, 1200))], "holiday.jpg", {
      type: "image/jpeg",
    });
    const response = asResponse(
      await newPost({ ...typed, published: "on" }, { cover_file: photo }),
    );
    expect(response.status).toBe(302);
    const post = await latestPost();
    expect(post.cover_image).toMatch(/^\/media\/[0-9a-f]{32}\/1600\.jpg$/);
    const hash = post.cover_image?.split("/")[2] ?? "";
    const { data: row } = await serviceClient(backend)
      .from("media")
      .select("*")
      .eq("hash", hash)
      .single();
    expect(row).toMatchObject({ width: 1200, height: 2000, original_name: "holiday.jpg" });
    const listed = await serviceClient(backend).storage.from("media").list(hash);
    expect(listed.data?.map((file) => file.name).sort()).toEqual(
      allKeysOf(hash)
        .map((key) => key.split("/")[1])
        .sort(),
    );

    const served = await serve(`/media/${hash}/960.jpg`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ width: 960, format: "jpeg" });
    expect(meta.exif).toBeUndefined();
    const etag = served.headers.get("ETag") ?? "";
    expect((await serve(`/media/${hash}/960.jpg`, { "If-None-Match": etag })).status).toBe(304);
    const part = await serve(`/media/${hash}/960.jpg`, { Range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await serve(`/media/${hash}/480.avif`)).headers.get("Content-Type")).toBe("image/avif");
    expect((await serve(`/media/${hash}/480.png`)).status).toBe(404);
    expect((await serve(`/media/${"0".repeat(32)}/480.webp`)).status).toBe(404);

    // The same bytes again reuse the stored image.
    await newPost({ ...typed, title: "Same picture" }, { cover_file: photo });
    expect((await latestPost()).cover_image).toBe(post.cover_image);
    const { count } = await serviceClient(backend)
      .from("media")
      .select("id", { count: "exact", head: true })
      .eq("hash", hash);
    expect(count).toBe(1);

    const { args } = routeArgs(`/blog/${post.id}`, { params: { postId: String(post.id) } });
    await serviceClient(backend).from("media").update({ alt: "A blue sky" }).eq("hash", hash);
    const page = asData<{ coverAlt: string }>(await blogPost.loader(args as never));
    expect(page.data.coverAlt).toBe("A blue sky");
  });

  it.each([
    [
      "a text file named .jpg",
      new File(["not an image at all"], "cover.jpg", { type: "image/jpeg" }),
      422,
      MEDIA_MESSAGES.notAnImage,
    ],
    [
      "an SVG",
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "x.svg", { type: "image/svg+xml" }),
      422,
      MEDIA_MESSAGES.notAnImage,
    ],
    ["an empty file", new File([], "empty.png", { type: "image/png" }), 422, MEDIA_MESSAGES.empty],
    [
      "a file over 5 MB",
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" }),
      413,
      MEDIA_MESSAGES.tooLarge,
    ],
  ])(
    "refuses %s next to the field, keeping every typed value",
    async (_label, file, status, message) => {
      const before = (await latestPost()).id;
      const answer = asData(
        await newPost({ ...typed, cover_image: "/images/blog/kept.svg" }, { cover_file: file }),
      );
      expect(answer.status).toBe(status);
      expect(answer.data.result?.error).toEqual({ cover_file: [message] });
      expect(answer.data.result?.initialValue).toMatchObject({
        ...typed,
        cover_image: "/images/blog/kept.svg",
      });
      expect(JSON.stringify(answer.data)).not.toContain("not an image at all");
      expect((await latestPost()).id).toBe(before);
    },
  );

  it("refuses uploads from a signed-in non-admin before storing anything", async () => {
    const user = await createUser(backend);
    const cookie = await signInCookie(user.email);
    const photo = new File([new Uint8Array(await pngOf(600, 400))], "p.png", { type: "image/png" });
    const response = asResponse(await newPost(typed, { cover_file: photo }, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const { data } = await serviceClient(backend).from("media").select("original_name");
    expect(data?.map((row) => row.original_name)).not.toContain("p.png");
  });
});

describe("the editor's background upload (JS)", () => {
  it("answers the URL, or the refusal as JSON", async () => {
    const post = (files: Record<string, File>) =>
      routeArgs("/admin/media/upload", { ...multipart({}, files), cookie: admin }).args;
    const ok = asResponse(
      await upload.action(
        post({ file: new File([new Uint8Array(await pngOf(500, 500))], "sq.png") }),
      ),
    );
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\/1600\.jpg$/),
      width: 500,
    });
    const bad = asResponse(await upload.action(post({ file: new File(["<html>"], "x.gif") })));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ error: MEDIA_MESSAGES.notAnImage });
  });
});

describe("media library", () => {
  const act = async (fields: Record<string, string>, files: Record<string, File> = {}) =>
    settle(() =>
      library.action(
        routeArgs("/admin/media", { ...multipart(fields, files), cookie: admin }).args,
      ),
    );
  const load = async (page = 1) =>
    library.loader(routeArgs(`/admin/media?page=${page}`, { cookie: admin }).args) as ReturnType<
      typeof library.loader
    >;

  it("uploads, lists newest first with where each is used, saves alt text, refuses deleting a used image", async () => {
    const file = new File([new Uint8Array(await pngOf(900, 300))], "banner.png", {
      type: "image/png",
    });
    const uploaded = asResponse(await act({ intent: "upload", alt: "A red banner" }, { file }));
    expect(uploaded.status).toBe(302);
    expect((await toastOf(uploaded))?.title).toBe("Image uploaded");
    const { items, total } = await load();
    expect(items[0]).toMatchObject({
      original_name: "banner.png",
      alt: "A red banner",
      width: 900,
      height: 300,
      usedBy: [],
    });
    expect(total).toBeGreaterThanOrEqual(3);
    const used = items.find((item) => item.usedBy.some((post) => post.title === "Cover test"));
    expect(used).toBeDefined();

    const tooLong = asData(
      await act({ intent: "alt", hash: items[0]?.hash ?? "", alt: "x".repeat(301) }),
    );
    expect(tooLong.status).toBe(400);
    const saved = asResponse(
      await act({ intent: "alt", hash: items[0]?.hash ?? "", alt: "Banner" }),
    );
    expect((await toastOf(saved))?.title).toBe("Alt text saved");

    const refused = asData(await act({ intent: "delete", hash: used?.hash ?? "" }));
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toContain("“Cover test”");
    expect(
      (await serviceClient(backend).storage.from("media").exists(`${used?.hash}/480.webp`)).data,
    ).toBe(true);

    const deleted = asResponse(await act({ intent: "delete", hash: items[0]?.hash ?? "" }));
    expect((await toastOf(deleted))?.title).toBe("Image deleted");
    expect((await serviceClient(backend).storage.from("media").list(items[0]?.hash)).data).toEqual(
      [],
    );
    expect((await load()).items.map((item) => item.hash)).not.toContain(items[0]?.hash);
    const { data: audit } = await serviceClient(backend)
      .from("audit_log")
      .select("action, summary")
      .eq("target_type", "media")
      .eq("target_id", items[0]?.hash ?? "")
      .order("id");
    expect(audit).toEqual(
      // The upload's alt text is saved right after the row; then the edit, then the deletion.
      ["media.uploaded", "media.alt_changed", "media.alt_changed", "media.deleted"].map(
        (action) => ({
          action,
          summary: "banner.png",
        }),
      ),
    );
  });

  it("stores an upload whose long name has an emoji where the name is cut (255 characters)", async () => {
    // The name is cut to 255 characters; cut by UTF-16 units the emoji was split in half and
    // the database refused the row's JSON, so the upload failed.
    const name = `${"n".repeat(254)}\u{1F600}\u{1F600}.png`;
    const file = new File([new Uint8Array(await pngOf(320, 200))], name, { type: "image/png" });
    const uploaded = asResponse(await act({ intent: "upload", alt: "Emoji name" }, { file }));
    expect((await toastOf(uploaded))?.title).toBe("Image uploaded");
    const { items } = await load();
    expect(items[0]?.original_name).toBe(`${"n".repeat(254)}\u{1F600}`);
  });

  it("answers a missing file next to the file field", async () => {
    const answer = asData(await act({ intent: "upload", alt: "kept" }, { file: new File([], "") }));
    expect(answer.status).toBe(400);
    expect(answer.data.result).toMatchObject({
      initialValue: { alt: "kept" },
      error: { file: [MEDIA_MESSAGES.noFile] },
    });
  });
});
