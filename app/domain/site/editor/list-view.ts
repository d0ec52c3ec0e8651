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
