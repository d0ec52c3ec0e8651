import type { Locale } from "~/i18n/locale";
import { textIn } from "../translated";
import type { KindSpec } from "./fields";
import { translationState } from "./translation-state";

/** One row of an editor's list page (isomorphic). */
export interface ListItem {
  id: string;
  name: string;
  published: boolean;
  /** Languages with every text translated / with some text missing. */
  done: Locale[];
  missing: Locale[];
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** A select's value shown beside the name (a figure's placement). */
  group: string | null;
}

/** The columns that group a list (a figure's placement): items move within their group. */
export function groupColumns(kind: KindSpec): string[] {
  return kind.order.filter((column) => column !== "position" && column !== "id");
}

const groupOf = (kind: KindSpec, row: Record<string, unknown>) =>
  groupColumns(kind)
    .map((column) => String(row[column] ?? ""))
    .join("/");

/** An item's name in `locale` (its English one when untranslated). */
export function itemName(kind: KindSpec, row: Record<string, unknown>, locale: Locale): string {
  const value = row[kind.nameField];
  return typeof value === "string" ? value : textIn(value, locale);
}

/** The list page's rows, in order, each knowing whether it can move up or down its group. */
export function listItemsOf(
  kind: KindSpec,
  rows: readonly Record<string, unknown>[],
  locale: Locale,
): ListItem[] {
  return rows.map((row, index) => {
    const group = groupOf(kind, row);
    const previous = rows[index - 1];
    const next = rows[index + 1];
    const state = translationState(kind, row);
    return {
      id: String(row.id),
      name: itemName(kind, row, locale),
      published: row.published !== false,
      done: state.done,
      missing: state.missing,
      canMoveUp: kind.can.reorder && previous !== undefined && groupOf(kind, previous) === group,
      canMoveDown: kind.can.reorder && next !== undefined && groupOf(kind, next) === group,
      group: group || null,
    };
  });
}

/** Whether two rows may swap places (same group). */
export function sameGroup(
  kind: KindSpec,
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): boolean {
  return groupOf(kind, a) === groupOf(kind, b);
}

/** The list page's controls that keep focus across a reload (ids: `controlId`). */
export type ListControl = "up" | "down" | "publish" | "history" | "delete";

/** The id of an item's control: the fragment of the redirect after an action focuses it. */
export const controlId = (id: string, control: ListControl) => `item-${id}-${control}`;

/** The list itself (focusable): where focus goes when no item's control is left to take it. */
export const LIST_TARGET = "site-list";

/**
 * Where focus goes after `id` moved `direction` (`items`: the list after the move): the same
 * button while the item can move on; at the top (bottom), its other move button; else its
 * History link — never lost with a button that is gone.
 */
export function focusAfterMove(items: readonly ListItem[], id: string, direction: "up" | "down") {
  const item = items.find((i) => i.id === id);
  if (!item) return LIST_TARGET;
  const can = { up: item.canMoveUp, down: item.canMoveDown };
  const other = direction === "up" ? "down" : "up";
  if (can[direction]) return controlId(id, direction);
  return controlId(id, can[other] ? other : "history");
}

/**
 * Where focus goes after `id` was deleted (`items`: the list before): the next item's Delete,
 * or the list when it was the last.
 */
export function focusAfterDelete(items: readonly ListItem[], id: string) {
  const index = items.findIndex((i) => i.id === id);
  const next = index < 0 ? undefined : items[index + 1];
  return next ? controlId(next.id, "delete") : LIST_TARGET;
}
