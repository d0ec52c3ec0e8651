import { dateTime } from "~/i18n/format";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { type Change, changesBetween, type HistorySubject } from "./diff";
import type { ItemId } from "./items.server";

/**
 * An item's history (public.content_revisions, written by the database on every save): who,
 * when, which operation and what changed against the revision before it; and restoring one
 * (rpc admin_restore_revision: the item becomes that version again, as a new revision).
 */
export interface RevisionView {
  id: number;
  version: number;
  operation: "create" | "update" | "delete" | "restore";
  who: string;
  when: string;
  /** The item's name in that version. */
  name: string;
  changes: Change[];
  /** The newest revision is what the item is now: nothing to restore. */
  current: boolean;
}

/** Revisions shown on one history page. */
export const HISTORY_LIMIT = 50;

type RevisionRow = {
  id: number;
  version: number;
  operation: string;
  data: unknown;
  actor_email: string | null;
  created_at: string;
};

const OPERATIONS = ["create", "update", "delete", "restore"] as const;

function nameOf(subject: HistorySubject, data: Record<string, unknown>): string {
  const value = data[subject.nameField];
  if (typeof value === "string") return value;
  const en = (value as { en?: unknown } | null)?.en;
  return typeof en === "string" ? en : String(data.id ?? "");
}

/** The latest revisions of an item, newest first, each with its changes; not-found when none. */
export async function listRevisions(
  supabase: AppSupabase,
  subject: HistorySubject,
  id: ItemId,
  t: Translator,
): Promise<Result<RevisionView[]>> {
  try {
    const { data, error } = await supabase
      .from("content_revisions")
      .select("id, version, operation, data, actor_email, created_at")
      .eq("entity", subject.entity)
      .eq("entity_id", String(id))
      .order("id", { ascending: false })
      .limit(HISTORY_LIMIT + 1);
    if (error) return fail("backend", t("siteEditor.errors.backend"));
    const rows = (data ?? []) as RevisionRow[];
    if (rows.length === 0) return fail("not-found", t("siteEditor.errors.notFound"));
    const shown = rows.slice(0, HISTORY_LIMIT);
    return ok(
      shown.map((row, index) => {
        const before = rows[index + 1];
        const after = (row.data ?? {}) as Record<string, unknown>;
        const operation = OPERATIONS.find((o) => o === row.operation) ?? "update";
        return {
          id: row.id,
          version: row.version,
          operation,
          who: row.actor_email ?? t("siteEditor.history.system"),
          when: dateTime(row.created_at, t.locale),
          name: nameOf(subject, after),
          changes:
            before && operation !== "delete"
              ? changesBetween(subject, (before.data ?? {}) as Record<string, unknown>, after, t)
              : [],
          current: index === 0 && operation !== "delete",
        };
      }),
    );
  } catch {
    return fail("backend", t("siteEditor.errors.backend"));
  }
}

/**
 * Makes the item what revision `revisionId` recorded (after checking the revision is this
 * item's: a forged or foreign id is not-found).
 */
export async function restoreRevision(
  supabase: AppSupabase,
  subject: HistorySubject,
  id: ItemId,
  revisionId: number,
  t: Translator,
): Promise<Result<number>> {
  try {
    const { data, error } = await supabase
      .from("content_revisions")
      .select("id")
      .eq("id", revisionId)
      .eq("entity", subject.entity)
      .eq("entity_id", String(id))
      .maybeSingle();
    if (error) return fail("backend", t("siteEditor.errors.backend"));
    if (!data) return fail("not-found", t("siteEditor.errors.revisionNotFound"));
    const restored = await supabase.rpc("admin_restore_revision", { p_revision: revisionId });
    if (restored.error) {
      const code = restored.error.code;
      if (code === "23505") return fail("conflict", t("siteEditor.errors.restoreSlugTaken"));
      if (code === "42501") return fail("forbidden", t("siteEditor.errors.forbidden"));
      if (code === "23503") return fail("conflict", t("siteEditor.errors.restoreCategoryGone"));
      return fail("backend", t("siteEditor.errors.backend"));
    }
    return ok(revisionId);
  } catch {
    return fail("backend", t("siteEditor.errors.backend"));
  }
}
