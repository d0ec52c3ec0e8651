import type { SupabaseClient } from "@supabase/supabase-js";
import type { Translator } from "~/i18n/translate.server";
import { env } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { type Failure, fail, ok, type Result } from "~/lib/result";
import type { SettingsRow } from "../localize.server";
import { settingsWithEnvDefaults } from "../settings.server";
import type { KindSpec } from "./fields";
import { sameGroup } from "./list-view";

/**
 * The one domain module of the site editors: list, read, create, save, publish/hide, delete and
 * reorder any kind of the site's content, with the ADMIN'S OWN client (RLS with is_admin()
 * decides, as for posts; never the service role). The database keeps each change's revision and
 * audit entry itself (triggers). Saves are optimistic: "update … where version = the one the
 * form was opened with", so two admins never overwrite each other unknowingly.
 */
export type ItemId = number | string;
export type SiteRow = Record<string, unknown> & { id: ItemId; version: number };

/** A failure about one field of the form (a slug in use, a category that vanished). */
export type ItemFailure = Failure & { field?: string };

/** The tables are many; one untyped view of the client serves them all (rows checked by the kinds). */
function table(supabase: AppSupabase, kind: KindSpec) {
  return (supabase as unknown as SupabaseClient).from(kind.entity);
}

const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The id of `/admin/{kind}/:id`, or null (a forged or malformed id: 404). */
export function parseItemId(kind: KindSpec, raw: string | undefined): ItemId | null {
  if (kind.ids === "settings") return "site";
  if (kind.ids === "legal") return raw === "terms" || raw === "privacy" ? raw : null;
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw) || Number(raw) > MAX_ID) return null;
  return Number(raw);
}

type DbError = { code?: string; message?: string } | null;

function failureOf(t: Translator, kind: KindSpec, error: DbError): ItemFailure {
  const code = error?.code ?? "";
  if (code === "23505" && kind.fields.some((f) => f.type === "slug")) {
    return { ...fail("conflict", t("siteEditor.validation.slugTaken")), field: "slug" };
  }
  // A project's category: 23503 when it is missing, 23001 (restrict) when it still has projects.
  if (code === "23503" || code === "23001") {
    return kind.name === "portfolio-categories"
      ? fail("conflict", t("siteEditor.errors.categoryInUse"))
      : { ...fail("invalid", t("siteEditor.validation.category")), field: "category_id" };
  }
  if (code === "42501") return fail("forbidden", t("siteEditor.errors.forbidden"));
  if (code === "23514") return fail("invalid", t("siteEditor.errors.refused"));
  return fail("backend", t("siteEditor.errors.backend"));
}

async function guarded<T>(t: Translator, run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch {
    return fail("backend", t("siteEditor.errors.backend"));
  }
}

/** Every item of a kind in the public pages' order, drafts included (RLS: admins see all). */
export function listItems(
  supabase: AppSupabase,
  kind: KindSpec,
  t: Translator,
): Promise<Result<SiteRow[]>> {
  return guarded(t, async () => {
    let query = table(supabase, kind).select("*");
    for (const column of kind.order) query = query.order(column, { ascending: true });
    const { data, error } = await query.limit(500);
    if (error) return failureOf(t, kind, error);
    return ok((data ?? []) as SiteRow[]);
  });
}

export function getItem(
  supabase: AppSupabase,
  kind: KindSpec,
  id: ItemId,
  t: Translator,
): Promise<Result<SiteRow>> {
  return guarded(t, async () => {
    const { data, error } = await table(supabase, kind).select("*").eq("id", id).maybeSingle();
    if (error) return failureOf(t, kind, error);
    if (!data) return fail("not-found", t("siteEditor.errors.notFound"));
    // Settings never saved show what visitors see: the environment's first-start values
    // (app/domain/site/settings.server.ts) — saving keeps them instead of dropping them.
    if (kind.entity === "site_settings") {
      return ok(settingsWithEnvDefaults(data as SettingsRow, env()) as unknown as SiteRow);
    }
    return ok(data as SiteRow);
  });
}

/** A new item, at the end of its list. */
export function createItem(
  supabase: AppSupabase,
  kind: KindSpec,
  columns: Record<string, unknown>,
  t: Translator,
): Promise<Result<SiteRow>> {
  return guarded(t, async () => {
    const last = await table(supabase, kind)
      .select("position")
      .order("position", { ascending: false })
      .limit(1);
    if (last.error) return failureOf(t, kind, last.error);
    const position = Number((last.data?.[0] as { position?: number } | undefined)?.position ?? 0);
    const { data, error } = await table(supabase, kind)
      .insert({ ...columns, position: position + 1 })
      .select("*");
    if (error) return failureOf(t, kind, error);
    const row = data?.[0] as SiteRow | undefined;
    return row ? ok(row) : fail("forbidden", t("siteEditor.errors.forbidden"));
  });
}

/**
 * Saves `columns` over the item if it is still at `version`; a conflict (with the clear
 * message) when someone saved it in between, not-found when it is gone.
 */
export function saveItem(
  supabase: AppSupabase,
  kind: KindSpec,
  id: ItemId,
  version: number,
  columns: Record<string, unknown>,
  t: Translator,
): Promise<Result<SiteRow>> {
  return guarded(t, async () => {
    const { data, error } = await table(supabase, kind)
      .update(columns)
      .eq("id", id)
      .eq("version", version)
      .select("*");
    if (error) return failureOf(t, kind, error);
    const row = data?.[0] as SiteRow | undefined;
    if (row) return ok(row);
    const current = await getItem(supabase, kind, id, t);
    if (!current.ok) return current;
    return fail("conflict", t("siteEditor.errors.stale"));
  });
}

export function setPublished(
  supabase: AppSupabase,
  kind: KindSpec,
  id: ItemId,
  published: boolean,
  t: Translator,
): Promise<Result<SiteRow>> {
  return guarded(t, async () => {
    const { data, error } = await table(supabase, kind)
      .update({ published })
      .eq("id", id)
      .select("*");
    if (error) return failureOf(t, kind, error);
    const row = data?.[0] as SiteRow | undefined;
    return row ? ok(row) : fail("not-found", t("siteEditor.errors.notFound"));
  });
}

export function deleteItem(
  supabase: AppSupabase,
  kind: KindSpec,
  id: ItemId,
  t: Translator,
): Promise<Result<SiteRow>> {
  return guarded(t, async () => {
    const { data, error } = await table(supabase, kind).delete().eq("id", id).select("*");
    if (error) return failureOf(t, kind, error);
    const row = data?.[0] as SiteRow | undefined;
    return row ? ok(row) : fail("not-found", t("siteEditor.errors.notFound"));
  });
}

/**
 * Moves an item one place up or down its list (rpc admin_reorder_content: one audit entry,
 * no new version) and answers the new order. At the top or bottom already: nothing changes.
 */
export function moveItem(
  supabase: AppSupabase,
  kind: KindSpec,
  id: ItemId,
  direction: "up" | "down",
  t: Translator,
): Promise<Result<number[]>> {
  return guarded(t, async () => {
    const listed = await listItems(supabase, kind, t);
    if (!listed.ok) return listed;
    const rows = listed.value;
    const ids = rows.map((row) => Number(row.id));
    const at = ids.indexOf(Number(id));
    if (at === -1) return fail("not-found", t("siteEditor.errors.notFound"));
    const to = direction === "up" ? at - 1 : at + 1;
    const [here, there] = [rows[at], rows[to]];
    // At the top or bottom of its list (or of its group: a figure's placement) already.
    if (!here || !there || !sameGroup(kind, here, there)) return ok(ids);
    [ids[at], ids[to]] = [ids[to] as number, ids[at] as number];
    const { error } = await supabase.rpc("admin_reorder_content", {
      p_entity: kind.entity,
      p_ids: ids,
    });
    if (error) return failureOf(t, kind, error);
    return ok(ids);
  });
}
