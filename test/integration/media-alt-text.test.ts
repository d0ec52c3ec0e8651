import { routed } from "../support/routed";
/**
 * The media library's alt texts per language and decorative mark (issue 26 item 3) and its
 * upload answers (item 8), through the real actions and loaders against the embedded backend:
 * what is stored, how bad input is answered (next to the field, in the admin's language, typed
 * values kept), what the blog shows.
 */

import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coverUrlOf } from "~/domain/media/urls";
import * as libraryRoute from "~/routes/admin/media-library";
import * as newPostRoute from "~/routes/admin/post-new";
import * as blogPost from "~/routes/blog/post";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { serviceClient, signInCookie, startAppBackend } from "../support/backend";
import { pngOf } from "../support/images";
import { multipartPost, routeArgs } from "../support/route-args";

const library = routed(libraryRoute);
const newPost = routed(newPostRoute);

let backend: TestBackend;
let admin: string;

beforeAll(async () => {
  backend = await startAppBackend();
  admin = await signInCookie(backend.admin.email, backend.admin.password);
});
afterAll(() => backend.close());

const multipart = multipartPost;

const act = (fields: Record<string, string>, files: Record<string, File> = {}, lang = "en") =>
  settle(() =>
    library.action(
      routeArgs("/admin/media", { ...multipart(fields, files), cookie: `${admin}; lang=${lang}` })
        .args,
    ),
  );

const load = (query = "") =>
  library.loader(routeArgs(`/admin/media${query}`, { cookie: admin }).args) as ReturnType<
    typeof library.loader
  >;

async function upload(width: number, height: number, name: string, lang = "en") {
  const file = new File([new Uint8Array(await pngOf(width, height))], name, { type: "image/png" });
  return asResponse(await act({ intent: "upload" }, { file }, lang));
}

const stored = async (hash: string) =>
  (
    await serviceClient(backend)
      .from("media")
      .select("alt, alt_translations, decorative")
      .eq("hash", hash)
      .single()
  ).data;

const hashOf = (response: Response) =>
  new URL(response.headers.get("Location") ?? "", "http://x").searchParams.get("uploaded") ?? "";

describe("alt texts per language", () => {
  it("saves English, Kiswahili, French and the decorative mark", async () => {
    const hash = hashOf(await upload(1300, 700, "three-languages.png"));
    const saved = asResponse(
      await act({
        intent: "alt",
        hash,
        alt: "A market at dawn",
        alt_sw: "Soko alfajiri",
        alt_fr: "Un marché à l’aube",
      }),
    );
    expect(saved.status).toBe(302);
    expect((await toastOf(saved))?.title).toBe("Alt text saved");
    expect(await stored(hash)).toEqual({
      alt: "A market at dawn",
      alt_translations: { sw: "Soko alfajiri", fr: "Un marché à l’aube" },
      decorative: false,
    });
    // An empty translation is not stored (the site falls back to English); decorative is kept.
    await act({ intent: "alt", hash, alt: "A market", alt_sw: "  ", decorative: "on" });
    expect(await stored(hash)).toEqual({
      alt: "A market",
      alt_translations: {},
      decorative: true,
    });
  });

  it.each([
    ["alt", "en", "Alt text must be at most 300 characters"],
    ["alt_sw", "sw", "Maelezo ya picha yasizidi herufi 300"],
    ["alt_fr", "fr", "Le texte alternatif ne doit pas dépasser 300 caractères"],
  ])(
    "answers %s over 300 characters next to that field, in the admin's language (%s)",
    async (field, lang, message) => {
      const hash = hashOf(await upload(1250, 700, `too-long-${field}.png`));
      const typed = {
        alt: "Kept English",
        alt_sw: "Imehifadhiwa",
        alt_fr: "Gardé",
        [field]: "x".repeat(301),
      };
      const answer = asData<{
        hash?: string;
        result?: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
      }>(await act({ intent: "alt", hash, ...typed, decorative: "on" }, {}, lang));
      expect(answer.status).toBe(400);
      expect(answer.data.hash).toBe(hash);
      expect(answer.data.result?.error).toEqual({ [field]: [message] });
      expect(answer.data.result?.initialValue).toMatchObject({ ...typed, decorative: "on" });
      expect(await stored(hash)).toEqual({ alt: "", alt_translations: {}, decorative: false });
    },
  );

  it("refuses an unknown image and a tampered translations shape", async () => {
    const unknown = asData(await act({ intent: "alt", hash: "0".repeat(32), alt: "x" }));
    expect(unknown.status).toBe(404);
    const bad = asData(await act({ intent: "alt", hash: "not-a-hash", alt: "x" }));
    expect(bad.status).toBe(400);
    const hash = hashOf(await upload(1210, 700, "shape.png"));
    const { error } = await serviceClient(backend)
      .from("media")
      .update({ alt_translations: { de: "Ein Markt" } })
      .eq("hash", hash);
    expect(error?.code).toBe("23514");
  });

  it("shows the library in the admin's language", async () => {
    const page = await library.loader(
      routeArgs("/admin/media", { cookie: `${admin}; lang=sw` }).args,
    );
    expect(page.locale).toBe("sw");
    expect(page.i18n["mediaLibrary.card.save"]).toBe("Hifadhi maelezo");
    expect(page.countLabel).toMatch(/^picha \d+$/);
  });
});

describe("the blog's covers", () => {
  it("take the library's alt text in the post's language, English as fallback, \"\" only when decorative", async () => {
    const hash = hashOf(await upload(1400, 800, "cover-alt.png"));
    const service = serviceClient(backend);
    const { data: english } = await service
      .from("posts")
      .insert({
        title: "Alt original",
        content: "<p>x</p>",
        published: true,
        cover_image: coverUrlOf(hash),
      })
      .select("id")
      .single();
    const { data: french } = await service
      .from("posts")
      .insert({
        title: "Alt traduit",
        content: "<p>x</p>",
        published: true,
        lang: "fr",
        translation_of: english?.id,
        cover_image: coverUrlOf(hash),
      })
      .select("id")
      .single();
    const cover = async (path: string, id: number | undefined) => {
      const { args } = routeArgs(path, { params: { postId: String(id) } });
      const page = asData<{
        coverAlt: string;
        post: { cover?: { alt: string; altLang: string; width: number } };
      }>(await blogPost.loader(args as never));
      return page.data.post.cover;
    };
    // Neither described nor marked decorative: the post's title, never a silent alt="".
    expect((await cover(`/blog/${english?.id}`, english?.id))?.alt).toBe("Alt original");
    await act({
      intent: "alt",
      hash,
      alt: "Two hands on a laptop",
      alt_fr: "Deux mains sur un portable",
    });
    expect(await cover(`/blog/${english?.id}`, english?.id)).toMatchObject({
      alt: "Two hands on a laptop",
      altLang: "en",
      width: 1400,
    });
    expect(await cover(`/fr/blog/${french?.id}`, french?.id)).toMatchObject({
      alt: "Deux mains sur un portable",
      altLang: "fr",
    });
    await act({ intent: "alt", hash, alt: "Two hands on a laptop" });
    expect(await cover(`/fr/blog/${french?.id}`, french?.id)).toMatchObject({
      alt: "Two hands on a laptop",
      altLang: "en",
    });
    await act({ intent: "alt", hash, alt: "Two hands on a laptop", decorative: "on" });
    expect((await cover(`/blog/${english?.id}`, english?.id))?.alt).toBe("");
  });
});

describe("uploads", () => {
  it("says when the image is already in the library and lists it first", async () => {
    const first = await upload(1500, 900, "again.png");
    expect((await toastOf(first))?.title).toBe("Image uploaded");
    const hash = hashOf(first);
    await upload(1500, 901, "newer.png");
    const again = await upload(1500, 900, "again-renamed.png", "fr");
    expect(again.headers.get("Location")).toBe(`/admin/media?uploaded=${hash}&again=1`);
    expect(await toastOf(again)).toMatchObject({
      type: "info",
      title: "Déjà dans la médiathèque",
    });
    const { items, uploaded } = await load(`?uploaded=${hash}&again=1`);
    expect(uploaded).toEqual({ hash, again: true });
    expect(items[0]?.hash).toBe(hash);
    expect(items.filter((item) => item.hash === hash)).toHaveLength(1);
    expect((await load()).items[0]?.hash).not.toBe(hash);
  });

  it("refuses a file that is not an image next to the field, in the admin's language", async () => {
    const file = new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" });
    const answer = asData<{ result?: { error?: Record<string, string[]>; initialValue?: object } }>(
      await act({ intent: "upload", alt: "Imehifadhiwa" }, { file }, "sw"),
    );
    expect(answer.status).toBe(422);
    expect(answer.data.result?.error).toEqual({
      file: [
        "Faili hili si picha ya JPEG, PNG, WebP, AVIF wala GIF. Chagua picha katika mojawapo ya aina hizo (SVG haikubaliwi).",
      ],
    });
    expect(answer.data.result?.initialValue).toEqual({ alt: "Imehifadhiwa" });
  });

  it("warns, honestly, when the image is narrower than a cover should be", async () => {
    const small = await upload(720, 400, "small.png");
    expect(small.status).toBe(302);
    const toast = await toastOf(small);
    expect(toast).toMatchObject({ type: "warning", title: "Image uploaded" });
    expect(toast?.description).toContain("720 px wide");
    expect(toast?.description).toContain("recommended 1200 px");
    expect((await stored(hashOf(small)))?.decorative).toBe(false);
    const wide = await toastOf(await upload(1200, 500, "wide-enough.png"));
    expect(wide).toMatchObject({ type: "success", title: "Image uploaded" });
    expect(wide?.description).toBeUndefined();
  });

  it("warns when a post is saved with a new cover narrower than recommended", async () => {
    const save = async (file: File) =>
      asResponse(
        await settle(() =>
          newPost.action(
            routeArgs("/admin/posts/new", {
              ...multipart(
                { title: `Small cover ${file.name}`, content: "<p>x</p>", intent: "save" },
                { cover_file: file },
              ),
              cookie: admin,
            }).args,
          ),
        ),
      );
    const png = async (width: number, name: string) =>
      new File([new Uint8Array(await pngOf(width, 451))], name, { type: "image/png" });
    const small = await save(await png(800, "small-cover.png"));
    expect(small.status).toBe(302);
    expect(await toastOf(small)).toMatchObject({
      type: "warning",
      title: "Saved as a draft: not on the blog yet",
      description: expect.stringContaining(
        "The cover is 800 px wide, smaller than the recommended 1200 px.",
      ),
    });
    expect(await toastOf(await save(await png(1600, "wide-cover.png")))).toMatchObject({
      type: "success",
      title: "Saved as a draft: not on the blog yet",
    });
  });
});
