import { routed } from "./routed";
/**
 * Calling the site editors' form actions (app/routes/admin/site-edit.ts) as the router does,
 * against a fresh embedded backend signed in as the admin, and reading what the database
 * holds (service role) — the fixture of test/integration/admin-site-*.test.ts.
 */

import type { TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, expect } from "vitest";
import type { KindSpec } from "~/domain/site/editor/fields";
import * as editRoute from "~/routes/admin/site-edit";
import { asResponse, settle } from "./answers";
import { serviceClient, signInCookie, startAppBackend } from "./backend";
import { formPost, routeArgs } from "./route-args";
import { validForm } from "./site-forms";

const edit = routed(editRoute);

/** What an editor action answers when it does not redirect. */
export type Reply = {
  draft?: Record<string, unknown>;
  errors?: Record<string, string[]>;
  formError?: string;
  version?: string;
  preview?: { page: string; items: Record<string, Record<string, unknown>> } | null;
  prices?: Record<string, string> | null;
};

/** The path of an item's editor (/new for none). */
export function editorPath(kind: KindSpec, id?: string | number): string {
  if (kind.ids === "settings") return "/admin/settings";
  return id === undefined ? `/admin/${kind.name}/new` : `/admin/${kind.name}/${id}`;
}

/** The value a form name holds in an echoed draft: `features[1].sw`, `price_min`, `cities[0]`. */
export function typedValueOf(draft: unknown, name: string): unknown {
  const path = name.startsWith("price_")
    ? ["price", name.slice("price_".length)]
    : name.split(/[.[\]]+/).filter(Boolean);
  const value = path.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    draft,
  );
  // An office's city is its row's own name (`cities[1]`), its address `cities[1].address`.
  return typeof value === "object" && value !== null && "city" in value ? value.city : value;
}

/** Registers the file's hooks and answers the helpers (valid once the hooks ran). */
export function siteEditorFixture() {
  let backend: TestBackend;
  let admin = "";
  let categoryId = 0;
  const db = () => serviceClient(backend);
  beforeAll(async () => {
    backend = await startAppBackend();
    admin = await signInCookie(backend.admin.email, backend.admin.password);
    const { data } = await db().from("portfolio_categories").select("id").order("id").limit(1);
    categoryId = ((data ?? [])[0] as { id: number }).id;
  });
  afterAll(() => backend.close());

  async function post(kind: KindSpec, fields: Record<string, string>, id?: string | number) {
    const path = editorPath(kind, id);
    const { args, contentChanges } = routeArgs(path, {
      ...formPost(fields),
      cookie: admin,
      params: id === undefined ? {} : { id: String(id) },
    });
    const answer = await settle(() => edit.action(args as never));
    return { answer, contentChanges };
  }

  async function rowOf(kind: KindSpec, id: string | number) {
    const { data } = await db().from(kind.entity).select("*").eq("id", id).maybeSingle();
    return data as (Record<string, unknown> & { id: number | string; version: number }) | null;
  }

  async function count(kind: KindSpec) {
    const { count } = await db().from(kind.entity).select("id", { count: "exact", head: true });
    return count ?? 0;
  }

  async function latest(kind: KindSpec) {
    const { data } = await db()
      .from(kind.entity)
      .select("*")
      .order("id", { ascending: false })
      .limit(1);
    return data?.[0] as Record<string, unknown> & { id: number; version: number };
  }

  /** An existing item of each kind to edit (creating one for kinds that may). */
  async function someItem(kind: KindSpec): Promise<string | number> {
    if (kind.ids === "settings") return "site";
    if (kind.ids === "legal") return "privacy";
    // Created with other words than the valid form's, so that saving that form changes it.
    const original = kind.fields.find(
      (f) => f.type === "translated" || f.type === "translatedLong",
    );
    const overrides = original ? { [`${original.name}.en`]: "Original wording" } : {};
    const { answer } = await post(kind, validForm(kind, overrides, { categoryId }));
    expect(asResponse(answer).status).toBe(302);
    return (await latest(kind)).id;
  }

  return {
    db,
    post,
    rowOf,
    count,
    latest,
    someItem,
    backend: () => backend,
    admin: () => admin,
    context: () => ({ categoryId }),
  };
}
