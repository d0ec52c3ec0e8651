/**
 * The site editors' forms, for every kind of app/domain/site/editor/kinds.ts, called as the
 * router calls them against the embedded backend (RLS, triggers and all): a valid save of each,
 * each invalid value of each field, and new items. Table-driven from the descriptors.
 */
import { describe, expect, it } from "vitest";
import { KINDS } from "~/domain/site/editor/kinds";
import * as editRoute from "~/routes/admin/site-edit";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { formPost, routeArgs } from "../support/route-args";
import { routed } from "../support/routed";
import { type Reply, siteEditorFixture, typedValueOf } from "../support/site-editor";
import { invalidCases, KIND_LIST, validForm } from "../support/site-forms";

/**
 * What the toast says a save did (issue 44, item 4): for a kind that can be a draft, whether the
 * item is on the site or a draft; for the others, that it was saved.
 */
function savedTitle(
  kind: (typeof KIND_LIST)[number],
  fields: Record<string, string | string[]>,
  how: "created" | "edited",
): string {
  if (!kind.fields.some((field) => field.name === "published")) {
    return how === "created" ? "Created" : "Saved";
  }
  if (fields.published !== "on") return "Saved as a draft: not on the site yet";
  return how === "created" ? "Published: on the site now" : "Saved: on the site now";
}

const edit = routed(editRoute);

const { db, post, rowOf, count, latest, someItem, backend, admin, context } = siteEditorFixture();

describe.each(KIND_LIST.map((kind) => [kind.name, kind] as const))(
  "the %s editor",
  (_name, kind) => {
    it("saves a valid form with the admin's own session: stored, versioned, announced", async () => {
      const id = await someItem(kind);
      const before = await rowOf(kind, id);
      const fields = validForm(kind, { version: String(before?.version) }, context());
      const { answer, contentChanges } = await post(kind, fields, id);
      const response = asResponse(answer);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(
        kind.ids === "settings" ? "/admin/settings" : `/admin/${kind.name}`,
      );
      expect(await toastOf(response)).toMatchObject({
        type: "success",
        title: savedTitle(kind, fields, "edited"),
      });
      expect(contentChanges).toEqual([{ kind: "site", entity: kind.entity }]);
      const after = await rowOf(kind, id);
      expect(after?.version).toBe((before?.version ?? 0) + 1);
      for (const field of kind.fields) {
        if (field.type === "translated" || field.type === "translatedLong") {
          expect(after?.[field.name], field.name).toEqual({
            en: "Sample EN",
            sw: "Sample SW",
            fr: "Sample FR",
          });
        }
      }
      const { data: revision } = await db()
        .from("content_revisions")
        .select("actor_email, operation, version")
        .eq("entity", kind.entity)
        .eq("entity_id", String(id))
        .order("id", { ascending: false })
        .limit(1)
        .single();
      expect(revision).toMatchObject({ actor_email: backend().admin.email, operation: "update" });
    });

    it.each(invalidCases(kind).map((c) => [c.label, c] as const))(
      "answers 400 for %s: the message next to the field, typed values back, nothing saved",
      async (_label, invalid) => {
        const id = await someItem(kind);
        const before = await rowOf(kind, id);
        const rows = await count(kind);
        const fields = validForm(
          kind,
          { version: String(before?.version), ...invalid.fields },
          context(),
        );
        const { answer, contentChanges } = await post(kind, fields, id);
        const { data, status } = asData<Reply>(answer);
        expect(status).toBe(400);
        expect(data.errors?.[invalid.at]).toEqual([invalid.message]);
        expect(contentChanges).toEqual([]);
        expect(await rowOf(kind, id)).toEqual(before);
        expect(await count(kind)).toBe(rows);
        // What was typed comes back exactly (whitespace-only values too), except rows left
        // entirely blank, which a failed save drops.
        expect(data.version).toBe(String(before?.version));
        for (const [name, value] of Object.entries(invalid.fields)) {
          expect(typedValueOf(data.draft, name), name).toBe(value);
        }
      },
    );
  },
);

describe("creating items", () => {
  it.each(KIND_LIST.filter((k) => k.can.create).map((k) => [k.name, k] as const))(
    "adds a %s at the end of its list, as a draft unless published (where it can be)",
    async (_name, kind) => {
      const fields = validForm(kind, {}, context());
      delete fields.published;
      const { answer, contentChanges } = await post(kind, fields);
      const response = asResponse(answer);
      expect(response.status).toBe(302);
      expect(await toastOf(response)).toMatchObject({ title: savedTitle(kind, fields, "created") });
      expect(contentChanges).toEqual([{ kind: "site", entity: kind.entity }]);
      const row = await latest(kind);
      // A kind without a published flag (the blog's categories and tags) is shown at once.
      expect(row.published).toBe(kind.can.publish ? false : undefined);
      const { data: max } = await db()
        .from(kind.entity)
        .select("position")
        .order("position", { ascending: false })
        .limit(1);
      expect(row.position).toBe(((max ?? [])[0] as { position: number }).position);
    },
  );

  it("refuses /new for the legal pages and the settings (no such page)", async () => {
    for (const kind of [KINDS.legal]) {
      const { args } = routeArgs(`/admin/${kind.name}/new`, {
        ...formPost(validForm(kind)),
        cookie: admin(),
      });
      const thrown = await settle(() => edit.action(args as never));
      expect(asData(thrown).status).toBe(404);
    }
  });
});
