/**
 * `select=` (pFieldForest in QueryParams.hs): `*`, columns (bare or quoted), `alias:column`,
 * `column::type` casts, resource embeds `rel(…)`/`alias:rel!hint(…)`/`...rel(…)`, and
 * aggregates (`count()`, `col.sum()`). Embeds and aggregates are recognised so they can be
 * answered as PostgREST answers them on hosted Supabase (PGRST200/PGRST123).
 */
import { notImplemented, parseError } from "./errors.ts";
import { readFieldName, splitTopLevel } from "./syntax.ts";

export type SelectItem =
  | { kind: "star" }
  | { kind: "column"; column: string; alias?: string; cast?: string };

export interface Embed {
  name: string;
  hint?: string;
}

export interface SelectTree {
  items: SelectItem[];
  embeds: Embed[];
  aggregates: boolean;
}

const STAR: SelectTree = { items: [{ kind: "star" }], embeds: [], aggregates: false };
const AGGREGATES = ["sum", "avg", "count", "max", "min"];
/** Type names: words of letters, digits and `_`, e.g. `text`, `double precision`. */
const CAST = /^::([A-Za-z_][A-Za-z0-9_]*(?: [A-Za-z_][A-Za-z0-9_]*)*)/;

class ItemParser {
  pos = 0;
  readonly text: string;
  readonly fail: (details: string) => never;

  constructor(text: string, fail: (details: string) => never) {
    this.text = text;
    this.fail = fail;
  }

  rest = () => this.text.slice(this.pos);

  field(): string {
    const field = readFieldName(this.text, this.pos);
    if (!field)
      this.fail(`unexpected "${this.text[this.pos] ?? "end of input"}" expecting field name`);
    this.pos = field.end;
    return field.name;
  }

  cast(): string | undefined {
    const match = CAST.exec(this.rest());
    if (!match) return undefined;
    this.pos += match[0].length;
    return match[1];
  }

  /** `!hint`, `!inner`, `!left` (at most two), then a parenthesised sub-select to the end. */
  embed(name: string): Embed {
    let hint: string | undefined;
    for (let i = 0; i < 2 && this.text[this.pos] === "!"; i++) {
      this.pos++;
      const param = this.field();
      if (param !== "inner" && param !== "left") hint = param;
    }
    if (this.text[this.pos] !== "(" || !this.text.endsWith(")")) this.fail("expecting (");
    return { name, hint };
  }

  end(): void {
    if (this.pos !== this.text.length) {
      this.fail(`unexpected "${this.text[this.pos]}" expecting "::", ".", "," or end of input`);
    }
  }
}

function parseItem(text: string, tree: SelectTree, fail: (details: string) => never): void {
  if (text === "*") {
    tree.items.push({ kind: "star" });
    return;
  }
  const parser = new ItemParser(text, fail);
  if (text.startsWith("...")) {
    parser.pos = 3;
    tree.embeds.push(parser.embed(parser.field()));
    return;
  }
  const first = readFieldName(text, 0);
  let alias: string | undefined;
  if (first && text[first.end] === ":" && text[first.end + 1] !== ":") {
    alias = first.name;
    parser.pos = first.end + 1;
    while (text[parser.pos] === " ") parser.pos++;
  }
  if (parser.rest().startsWith("count()")) {
    parser.pos += "count()".length;
    parser.cast();
    parser.end();
    tree.aggregates = true;
    return;
  }
  const column = parser.field();
  if (text[parser.pos] === "!" || text[parser.pos] === "(") {
    if (column === "count") fail('unexpected "(" expecting "::", ".", "," or end of input');
    tree.embeds.push(parser.embed(column));
    return;
  }
  if (parser.rest().startsWith("->")) {
    throw notImplemented("JSON paths in select are not implemented by the embedded backend");
  }
  const cast = parser.cast();
  const aggregate = /^\.(sum|avg|count|max|min)\(\)/.exec(parser.rest());
  if (aggregate && AGGREGATES.includes(aggregate[1] ?? "")) {
    parser.pos += aggregate[0].length;
    parser.cast();
    tree.aggregates = true;
  }
  parser.end();
  tree.items.push({ kind: "column", column, alias, cast });
}

export function parseSelect(raw: string | null): SelectTree {
  if (raw === null || raw.trim() === "") return STAR;
  const fail = (details: string): never => {
    throw parseError("select parameter", raw, details);
  };
  const parts = splitTopLevel(raw);
  if (!parts) fail("unbalanced parentheses or quotes");
  const tree: SelectTree = { items: [], embeds: [], aggregates: false };
  for (const part of parts ?? []) {
    const text = part.trim();
    if (text === "") fail('unexpected "," expecting field name');
    parseItem(text, tree, fail);
  }
  return tree;
}
