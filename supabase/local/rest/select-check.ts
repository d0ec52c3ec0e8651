/**
 * Checks a parsed `select` in PostgREST's planning order: embeds (PGRST200, or PGRST127 when
 * a relationship exists, since embedding is not implemented here), aggregates (PGRST123:
 * disabled on hosted Supabase), then every column against the catalog (42703).
 */
import type { Catalog, TableInfo } from "./catalog.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { notImplemented, RestError, unknownColumn } from "./errors.ts";
import { closest } from "./fuzzy.ts";
import type { Embed, SelectItem, SelectTree } from "./select-parser.ts";

/** Fuzzy.getOne's default threshold, used by noRelBetweenHint. */
const RELATION_HINT_SCORE = 0.33;

/** noRelBetweenHint: suggest the child among the parent's relations, else the parent. */
function relationHint(catalog: Catalog, parent: string, child: string): string | null {
  const related = catalog.relatedTables(parent);
  if (related.length > 0) {
    const suggestion = closest(related, child, RELATION_HINT_SCORE, (score) => score < 1);
    return suggestion ? `Perhaps you meant '${suggestion}' instead of '${child}'.` : null;
  }
  const withRelations = catalog.tableNames().filter((name) => catalog.relatedTables(name).length);
  const suggestion = closest(withRelations, parent, RELATION_HINT_SCORE);
  return suggestion ? `Perhaps you meant '${suggestion}' instead of '${parent}'.` : null;
}

function checkEmbed(catalog: Catalog, parent: string, embed: Embed): never {
  if (catalog.relatedTables(parent).includes(embed.name)) {
    throw notImplemented("Resource embedding is not implemented by the embedded backend");
  }
  const using = embed.hint === undefined ? "" : `' using the hint '${embed.hint}`;
  throw new RestError(
    400,
    "PGRST200",
    `Could not find a relationship between '${parent}' and '${embed.name}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${embed.name}${using}' in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
    relationHint(catalog, parent, embed.name),
  );
}

export function requireColumn(table: TableInfo, column: string): string {
  if (!table.columns.has(column)) throw unknownColumn(table.name, column);
  return column;
}

export function checkSelect(tree: SelectTree, table: TableInfo, catalog: Catalog): SelectItem[] {
  const [embed] = tree.embeds;
  if (embed) checkEmbed(catalog, table.name, embed);
  if (tree.aggregates) {
    throw new RestError(400, "PGRST123", "Use of aggregate functions is not allowed");
  }
  for (const item of tree.items) {
    if (item.kind === "column") requireColumn(table, item.column);
  }
  return tree.items;
}
