/**
 * What the site editors do with particular content: prices and rows of a service, slugs,
 * forged fields and ids, stale versions, the admin's language, previews, deletes, legal HTML,
 * categories and images.
 */
import { describe, expect, it } from "vitest";
import { KINDS } from "~/domain/site/editor/kinds";
import { formatPrice } from "~/domain/site/localize.server";
import { english, translate } from "~/i18n/translate.server";
import * as libraryRoute from "~/routes/admin/media-library";
import * as editRoute from "~/routes/admin/site-edit";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { pngOf } from "../support/images";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";
import { type Reply, siteEditorFixture, typedValueOf } from "../support/site-editor";
import { validForm } from "../support/site-forms";

const library = routed(libraryRoute);
const edit = routed(editRoute);

const { db, post, rowOf, count, latest, someItem, admin, context } = siteEditorFixture();

describe("a service's content", () => {
  const kind = KINDS.services;

  it("stores prices as numbers, lists as rows, sanitizes nothing it need not, and drops blank rows", async () => {
    const fields = validForm(kind, {
      price_min: "50,000",
      price_max: "",
      price_unit: "year",
      "features[2].en": "",
      "features[2].sw": " ",
      "technologies[2].en": "",
    });
    const { answer } = await post(kind, fields);
    expect(asResponse(answer).status).toBe(302);
    const row = await latest(kind);
    expect(Number(row.price_min)).toBe(50000);
    expect(row.price_max).toBeNull();
    expect(row.price_unit).toBe("year");
    expect(row.features).toEqual([
      { en: "First EN", sw: "First SW", fr: "First FR" },
      { en: "Second EN", sw: "Second SW", fr: "Second FR" },
    ]);
    expect(row.technologies).toEqual([
      { en: "First EN", sw: "First SW", fr: "First FR" },
      { en: "Second EN", sw: "Second SW", fr: "Second FR" },
    ]);
    expect(row.process).toEqual([
      {
        title: { en: "Plan EN", sw: "Plan SW", fr: "Plan FR" },
        description: { en: "We plan EN", sw: "We plan SW", fr: "We plan FR" },
      },
    ]);
  });

  it("keeps an empty translation out of the row (visitors get the English text)", async () => {
    const { answer } = await post(kind, validForm(kind, { "title.sw": "  ", "title.fr": "" }));
    expect(asResponse(answer).status).toBe(302);
    expect((await latest(kind)).title).toEqual({ en: "Sample EN" });
  });

  it("answers a slug another service uses next to the slug field, nothing saved", async () => {
    const rows = await count(kind);
    const { answer } = await post(kind, validForm(kind, { slug: "web-development" }));
    const { data, status } = asData<Reply>(answer);
    expect(status).toBe(409);
    expect(data.errors?.slug).toEqual([english("siteEditor.validation.slugTaken")]);
    expect(await count(kind)).toBe(rows);
  });

  it("refuses a form with an unknown language, a second value or a forged field: nothing read, nothing saved", async () => {
    const id = await someItem(kind);
    const before = await rowOf(kind, id);
    const base = validForm(kind, { version: String(before?.version) });
    const forged: Record<string, string>[] = [
      { "title.de": "Titel" },
      { "features[20].en": "One too many" },
      { "title.en.x": "nested" },
      { published_at: "2020-01-01" },
      { id: "1" },
    ];
    for (const extra of forged) {
      const { answer } = await post(kind, { ...base, ...extra }, id);
      const { data, status } = asData<Reply>(answer);
      expect(status, JSON.stringify(extra)).toBe(400);
      expect(data.formError).toBe(english("validation.unreadable"));
    }
    const twice = new URLSearchParams({ ...base, "title.en": "One" });
    twice.append("title.en", "Two");
    const { args } = routeArgs(`/admin/services/${id}`, {
      method: "POST",
      body: twice,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      cookie: admin(),
      params: { id: String(id) },
    });
    expect(asData(await settle(() => edit.action(args as never))).status).toBe(400);
    expect(await rowOf(kind, id)).toEqual(before);
  });

  it("answers a forged or unknown id with 404, before and after reading the form", async () => {
    for (const id of ["0", "abc", "1e3", "99999999", "9007199254740993", "-1"]) {
      const { args } = routeArgs(`/admin/services/${id}`, {
        ...formPost(validForm(kind, { version: "1" })),
        cookie: admin(),
        params: { id },
      });
      const thrown = await settle(() => edit.action(args as never));
      expect(asData(thrown).status, id).toBe(404);
      const { args: get } = routeArgs(`/admin/services/${id}`, { cookie: admin(), params: { id } });
      expect(asData(await settle(() => edit.loader(get as never))).status, id).toBe(404);
    }
  });

  it("refuses a stale save with the conflict message, keeping what was typed", async () => {
    const id = await someItem(kind);
    const opened = await rowOf(kind, id);
    // Someone else saves first.
    const first = await post(
      kind,
      validForm(kind, { version: String(opened?.version), "title.en": "Theirs" }),
      id,
    );
    expect(asResponse(first.answer).status).toBe(302);
    const theirs = await rowOf(kind, id);
    const mine = await post(
      kind,
      validForm(kind, { version: String(opened?.version), "title.en": "Mine" }),
      id,
    );
    const { data, status } = asData<Reply>(mine.answer);
    expect(status).toBe(409);
    expect(data.formError).toBe(english("siteEditor.errors.stale"));
    expect(typedValueOf(data.draft, "title.en")).toBe("Mine");
    expect(data.version).toBe(String(opened?.version));
    expect(mine.contentChanges).toEqual([]);
    expect(await rowOf(kind, id)).toEqual(theirs);
  });

  it("answers in the admin's language (the lang cookie)", async () => {
    const { args } = routeArgs("/admin/services/new", {
      ...formPost(validForm(kind, { price_min: "-1", "title.en": "" })),
      cookie: `${admin()}; lang=sw`,
    });
    const { data } = asData<Reply>(await settle(() => edit.action(args as never)));
    expect(data.errors?.price_min).toEqual([translate("sw", "siteEditor.validation.negative")]);
    expect(data.errors?.["title.en"]).toEqual([
      translate("sw", "siteEditor.validation.englishRequired"),
    ]);
    expect(data.errors?.price_min?.[0]).not.toBe(english("siteEditor.validation.negative"));
  });

  it("previews the typed values as the service page in each language, saving nothing", async () => {
    const id = await someItem(kind);
    const before = await rowOf(kind, id);
    const { answer, contentChanges } = await post(
      kind,
      validForm(kind, {
        intent: "preview",
        version: String(before?.version),
        "title.fr": "",
        price_min: "10000",
        price_max: "100000",
        price_unit: "year",
      }),
      id,
    );
    const { data, status } = asData<Reply>(answer);
    expect(status).toBe(200);
    expect(data.preview?.page).toBe("service");
    expect(data.preview?.items.en).toMatchObject({
      title: "Sample EN",
      priceRange: formatPrice({ min: 10000, max: 100000, unit: "year" }, "en"),
    });
    expect(data.preview?.items.sw).toMatchObject({ title: "Sample SW" });
    expect(data.preview?.items.fr).toMatchObject({
      title: "Sample EN",
      english: expect.arrayContaining(["title"]),
    });
    expect(data.prices?.sw).toContain("kwa mwaka");
    expect(contentChanges).toEqual([]);
    expect(await rowOf(kind, id)).toEqual(before);
  });

  it("adds and removes rows without saving, every typed value kept", async () => {
    const id = await someItem(kind);
    const before = await rowOf(kind, id);
    const typed = validForm(kind, { version: String(before?.version), "title.sw": "Imeandikwa" });
    const added = asData<Reply>(
      (await post(kind, { ...typed, intent: "add:features" }, id)).answer,
    );
    expect(added.status).toBe(200);
    expect(added.data.draft?.features).toEqual([
      { en: "First EN", sw: "First SW", fr: "First FR" },
      { en: "Second EN", sw: "Second SW", fr: "Second FR" },
      { en: "", sw: "", fr: "" },
    ]);
    expect(typedValueOf(added.data.draft, "title.sw")).toBe("Imeandikwa");
    const removed = asData<Reply>(
      (await post(kind, { ...typed, intent: "remove:features:0" }, id)).answer,
    );
    expect(removed.data.draft?.features).toEqual([
      { en: "Second EN", sw: "Second SW", fr: "Second FR" },
    ]);
    for (const intent of ["add:title", "remove:features", "remove:nothing:1", "drop"]) {
      const { data, status } = asData<Reply>((await post(kind, { ...typed, intent }, id)).answer);
      expect(status, intent).toBe(400);
      expect(data.formError).toBe(english("siteEditor.errors.unknownAction"));
    }
    expect(await rowOf(kind, id)).toEqual(before);
  });

  it("deletes after the confirmation step; its history stays", async () => {
    const id = await someItem(kind);
    const { args } = routeArgs(`/admin/services/${id}?delete=1`, {
      cookie: admin(),
      params: { id: String(id) },
    });
    const shown = (await edit.loader(args as never)) as { confirmDelete: boolean };
    expect(shown.confirmDelete).toBe(true);
    const { answer, contentChanges } = await post(kind, { intent: "delete" }, id);
    const response = asResponse(answer);
    expect(response.headers.get("Location")).toBe("/admin/services");
    expect(await toastOf(response)).toMatchObject({ title: "Deleted" });
    expect(contentChanges).toEqual([{ kind: "site", entity: "services" }]);
    expect(await rowOf(kind, id)).toBeNull();
    const { data } = await db()
      .from("content_revisions")
      .select("operation")
      .eq("entity", "services")
      .eq("entity_id", String(id));
    expect(data?.map((r) => r.operation)).toContain("delete");
  });
});

describe("legal pages", () => {
  const kind = KINDS.legal;

  it("sanitizes the HTML of every language on save", async () => {
    const before = await rowOf(kind, "privacy");
    const fields = validForm(kind, {
      version: String(before?.version),
      "body.fr":
        '<h2>Vos droits</h2><p onclick="x()">Texte<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">lien</a>',
    });
    const { answer } = await post(kind, fields, "privacy");
    expect(asResponse(answer).status).toBe(302);
    const body = (await rowOf(kind, "privacy"))?.body as Record<string, string>;
    expect(body.fr).toBe('<h2>Vos droits</h2><p>Texte</p><a rel="noopener noreferrer">lien</a>');
  });

  it("leaves the languages nobody touched exactly as stored (a browser's CRLF line breaks too)", async () => {
    const before = await rowOf(kind, "terms");
    const bodies = before?.body as Record<string, string>;
    const titles = before?.title as Record<string, string>;
    const crlf = (text = "") => text.replaceAll("\n", "\r\n");
    const fields = {
      intent: "save",
      version: String(before?.version),
      "title.en": titles.en ?? "",
      "title.sw": titles.sw ?? "",
      "title.fr": titles.fr ?? "",
      "body.en": crlf(bodies.en),
      "body.sw": crlf(bodies.sw),
      "body.fr": crlf(bodies.fr?.replace("Kenya", "Kenya (Nairobi)")),
      effective_at: String(before?.effective_at).slice(0, 10),
    };
    const { answer } = await post(kind, fields, "terms");
    expect(asResponse(answer).status).toBe(302);
    const after = await rowOf(kind, "terms");
    const saved = after?.body as Record<string, string>;
    expect(saved.en).toBe(bodies.en);
    expect(saved.sw).toBe(bodies.sw);
    expect(saved.fr).toBe(bodies.fr?.replace("Kenya", "Kenya (Nairobi)"));
  });

  it("answers a body that is only markup as missing English", async () => {
    const before = await rowOf(kind, "terms");
    const { answer } = await post(
      kind,
      validForm(kind, { version: String(before?.version), "body.en": "<script>x</script>" }),
      "terms",
    );
    expect(asData<Reply>(answer).data.errors?.["body.en"]).toEqual([
      english("siteEditor.validation.englishRequired"),
    ]);
  });

  it("has no delete and no other documents", async () => {
    const before = await rowOf(kind, "terms");
    const { data, status } = asData<Reply>(
      (await post(kind, { intent: "delete" }, "terms")).answer,
    );
    expect(status).toBe(400);
    expect(data.formError).toBe(english("siteEditor.errors.unknownAction"));
    expect(await rowOf(kind, "terms")).toEqual(before);
    const { args } = routeArgs("/admin/legal/cookies", {
      cookie: admin(),
      params: { id: "cookies" },
    });
    expect(asData(await settle(() => edit.loader(args as never))).status).toBe(404);
  });
});

describe("portfolio categories", () => {
  it("refuses to delete a category projects still belong to", async () => {
    const kind = KINDS["portfolio-categories"];
    const { args } = routeArgs(`/admin/portfolio-categories/${context().categoryId}`, {
      ...formPost({ intent: "delete" }),
      cookie: admin(),
      params: { id: String(context().categoryId) },
    });
    const answer = await settle(() => edit.action(args as never));
    const { data, status } = asData<Reply & { toast?: { title: string } }>(answer);
    expect(status).toBe(409);
    expect(data.toast?.title).toBe(english("siteEditor.errors.categoryInUse"));
    expect(await rowOf(kind, context().categoryId)).not.toBeNull();
  });
});

describe("images of the site's content", () => {
  it("uploads a service's image with the form, lists the service as its user, refuses deleting it", async () => {
    const kind = KINDS.services;
    const body = new FormData();
    for (const [name, value] of Object.entries(validForm(kind, { image: "" })))
      body.append(name, value);
    const png = new File([new Uint8Array(await pngOf(640, 400))], "service.png", {
      type: "image/png",
    });
    body.append("image_file", png);
    const { args } = routeArgs("/admin/services/new", { method: "POST", body, cookie: admin() });
    expect(asResponse(await settle(() => edit.action(args as never))).status).toBe(302);
    const row = await latest(kind);
    const hash = /^\/media\/([0-9a-f]{32})\/1600\.jpg$/.exec(String(row.image))?.[1] ?? "";
    expect(hash).not.toBe("");

    const { args: listArgs } = routeArgs("/admin/media", { cookie: admin() });
    const { items } = (await library.loader(listArgs)) as Awaited<
      ReturnType<typeof library.loader>
    >;
    expect(items.find((item) => item.hash === hash)?.usedBy).toEqual([
      { id: row.id, kind: "service", title: "Sample EN", to: `/admin/services/${row.id}` },
    ]);
    const remove = new FormData();
    remove.append("intent", "delete");
    remove.append("hash", hash);
    const refused = asData(
      await settle(() =>
        library.action(
          routeArgs("/admin/media", { method: "POST", body: remove, cookie: admin() }).args,
        ),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data.formError).toContain("the service “Sample EN”");
    const { count } = await db()
      .from("media")
      .select("id", { count: "exact", head: true })
      .eq("hash", hash);
    expect(count).toBe(1);
  });

  it("answers a file that is not an image next to the upload field, keeping what was typed", async () => {
    const kind = KINDS.team;
    const rows = await count(kind);
    const body = new FormData();
    for (const [name, value] of Object.entries(validForm(kind, { name: "Kept name" })))
      body.append(name, value);
    body.append("photo_file", new File(["<svg/>"], "photo.svg", { type: "image/svg+xml" }));
    const { args } = routeArgs("/admin/team/new", { method: "POST", body, cookie: admin() });
    const { data, status } = asData<Reply>(await settle(() => edit.action(args as never)));
    expect(status).toBe(422);
    expect(data.errors?.photo_file?.[0]).toContain("not a JPEG, PNG, WebP, AVIF or GIF");
    expect(data.draft?.name).toBe("Kept name");
    expect(await count(kind)).toBe(rows);
  });
});

describe("the settings' first-start values", () => {
  it("show in the form while the settings were never saved (so saving keeps them)", async () => {
    const saved = { ...process.env };
    process.env.CONTACT_WHATSAPP = "+254 700 111 222";
    process.env.CONTACT_PHONE = "+254 700 111 333";
    try {
      const before = await rowOf(KINDS.settings, "site");
      expect(before?.version).toBe(1);
      expect(before?.whatsapp).toBeNull();
      const { args } = routeArgs("/admin/settings", { cookie: admin(), params: {} });
      const page = (await edit.loader(args as never)) as { draft: Record<string, unknown> };
      // Shown as the numbers visitors read: saving stores them in E.164.
      expect(page.draft).toMatchObject({ whatsapp: "0700 111 222", phone: "0700 111 333" });
    } finally {
      process.env = saved;
    }
  });
});
