import type { KindSpec } from "~/domain/site/editor/fields";
import {
  deleteItem,
  listItems,
  moveItem,
  parseItemId,
  setPublished,
} from "~/domain/site/editor/items.server";
import {
  controlId,
  focusAfterDelete,
  focusAfterMove,
  listItemsOf,
} from "~/domain/site/editor/list-view";
import type { Locale } from "~/i18n/locale";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { AdminArgs } from "~/web/admin-form.server";
import {
  doneWith,
  editorLanguage,
  failedWithToast,
  notFound,
  readSmallForm,
  siteEditorArgs,
  unknownIntent,
} from "~/web/site-editor.server";

/**
 * /admin/{kind}: the items in order with their status and translation state; Move up / Move
 * down, Publish / Hide and Delete (after its confirmation step, `?delete=<id>`) as plain POSTs.
 */
export async function loader(args: AdminArgs) {
  const { supabase, kind, locale, t } = await siteEditorArgs(args);
  if (kind.ids === "settings") notFound();
  const { i18n } = editorLanguage(args.request);
  const listed = await listItems(supabase, kind, t);
  const items = listed.ok ? listItemsOf(kind, listed.value, locale) : [];
  const deleteId = args.url.searchParams.get("delete");
  const confirmDelete = kind.can.delete ? (items.find((i) => i.id === deleteId) ?? null) : null;
  return {
    kind: kind.name,
    title: t(kind.title),
    intro: t(kind.intro),
    locale,
    i18n,
    items,
    error: listed.ok ? null : listed.message,
    confirmDelete,
  };
}

const INTENTS = ["move", "publish", "hide", "delete"] as const;

/** The list as its page shows it (empty when it cannot be read: focus then goes to the list). */
async function listed(supabase: AppSupabase, kind: KindSpec, locale: Locale, t: Translator) {
  const rows = await listItems(supabase, kind, t);
  return rows.ok ? listItemsOf(kind, rows.value, locale) : [];
}

export async function action(args: AdminArgs) {
  const { supabase, kind, locale, t } = await siteEditorArgs(args);
  const form = await readSmallForm(args.request, { intent: 1, id: 1, direction: 1 });
  if ("answer" in form) return form.answer;
  const intent = INTENTS.find((i) => i === form.get("intent"));
  if (!intent) return unknownIntent(t);
  const id = parseItemId(kind, form.get("id"));
  if (id === null || kind.ids !== "number") notFound();
  const list = `/admin/${kind.name}`;
  const change = { kind: "site", entity: kind.entity } as const;
  // Each answer's fragment names the control that keeps focus (a focusable target: the
  // browser focuses it without JS, the list page with JS), so it is never lost with a button.
  if (intent === "move" && kind.can.reorder) {
    const direction = form.get("direction") === "up" ? "up" : "down";
    const moved = await moveItem(supabase, kind, id, direction, t);
    if (!moved.ok) return failedWithToast(moved);
    const focus = focusAfterMove(await listed(supabase, kind, locale, t), String(id), direction);
    return doneWith(args, change, `${list}#${focus}`, t("siteEditor.toasts.moved"));
  }
  if ((intent === "publish" || intent === "hide") && kind.can.publish) {
    const changed = await setPublished(supabase, kind, id, intent === "publish", t);
    if (!changed.ok) return failedWithToast(changed);
    const title = t(
      intent === "publish" ? "siteEditor.toasts.published" : "siteEditor.toasts.hidden",
    );
    return doneWith(args, change, `${list}#${controlId(String(id), "publish")}`, title);
  }
  if (intent === "delete" && kind.can.delete) {
    const before = await listed(supabase, kind, locale, t);
    const deleted = await deleteItem(supabase, kind, id, t);
    if (!deleted.ok) return failedWithToast(deleted);
    const focus = focusAfterDelete(before, String(id));
    return doneWith(args, change, `${list}#${focus}`, t("siteEditor.toasts.deleted"));
  }
  return unknownIntent(t);
}
