/**
 * `order=col.desc.nullslast,other` (pOrder) and the field lists of `columns=` and
 * `on_conflict=` (pColumns). Names may be quoted; each is checked against the table.
 */

import { clip } from "../text.ts";
import type { TableInfo } from "./catalog.ts";
import { notImplemented, parseError } from "./errors.ts";
import { requireColumn } from "./select-check.ts";
import { parseWholeFieldName, readFieldName, splitTopLevel } from "./syntax.ts";

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls?: "first" | "last";
}

const MODIFIERS = /^(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/;

export function parseOrder(raw: string | null, table: TableInfo): OrderTerm[] {
  if (raw === null || raw.trim() === "") return [];
  const fail = (details: string): never => {
    throw parseError("order", raw, details);
  };
  const parts = splitTopLevel(raw) ?? fail("unbalanced quotes or parentheses");
  return parts.map((part) => {
    const text = part.trim();
    const field = readFieldName(text, 0) ?? fail("expecting field name");
    const rest = text.slice(field.end);
    if (rest.startsWith("("))
      throw notImplemented(
        "Ordering by embedded resources is not implemented by the embedded backend",
      );
    if (rest.startsWith("->"))
      throw notImplemented("JSON paths in order are not implemented by the embedded backend");
    const modifiers =
      MODIFIERS.exec(rest) ??
      fail(`unexpected "${clip(rest, 50)}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    const term: OrderTerm = {
      column: requireColumn(table, field.name),
      descending: modifiers[1] === "desc",
    };
    if (modifiers[2]) term.nulls = modifiers[2] === "nullsfirst" ? "first" : "last";
    return term;
  });
}

/** `columns=` / `on_conflict=`: comma-separated field names, optionally double-quoted. */
export function parseFieldList(raw: string, what: string): string[] {
  const parts = splitTopLevel(raw);
  const names = (parts ?? []).map((part) => parseWholeFieldName(part));
  if (!parts || names.some((name) => name === null)) {
    throw parseError(`${what} parameter`, raw, "expecting field name");
  }
  return names as string[];
}
