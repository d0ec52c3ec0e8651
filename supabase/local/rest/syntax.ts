/**
 * Lexical pieces of PostgREST's query-string grammar (ApiRequest/QueryParams.hs) shared by the
 * select, order, filter and column-list parsers: field names (quoted or bare), top-level
 * splitting, quoted values and a nesting guard.
 */

import { clip } from "../text.ts";
import { RestError } from "./errors.ts";

/** Values nested deeper than this are refused before Postgres parses them (WASM stack). */
export const MAX_VALUE_NESTING = 256;
/** Logic trees (`or=(and(…))`) nested deeper than this are refused. */
export const MAX_LOGIC_DEPTH = 64;

/** pIdentifierChar: letter, digit, `_`, space or `$`. */
const IDENTIFIER_CHAR = /[\p{L}\p{N}_ $]/u;

export function isIdentifierChar(char: string | undefined): boolean {
  if (char === undefined) return false;
  const code = char.charCodeAt(0);
  if (code < 128) {
    return (
      (code >= 97 && code <= 122) || // a-z
      (code >= 65 && code <= 90) || // A-Z
      (code >= 48 && code <= 57) || // 0-9
      code === 95 || // _
      code === 32 || // space
      code === 36 // $
    );
  }
  return IDENTIFIER_CHAR.test(char);
}

/** `"a \"b\""` → `a "b"`; the text must start with a quote. Returns the value and end index. */
export function readQuoted(input: string, start: number): { value: string; end: number } | null {
  let value = "";
  for (let i = start + 1; i < input.length; i++) {
    const char = input[i] as string;
    if (char === "\\" && i + 1 < input.length) {
      value += input[i + 1];
      i++;
    } else if (char === '"') {
      return { value, end: i + 1 };
    } else {
      value += char;
    }
  }
  return null;
}

/**
 * pFieldName: a double-quoted name, or identifier runs joined by `-` (not `->`), trimmed.
 * Returns null when no field name starts at `start`.
 */
export function readFieldName(input: string, start: number): { name: string; end: number } | null {
  if (input[start] === '"') {
    const quoted = readQuoted(input, start);
    return quoted ? { name: quoted.value, end: quoted.end } : null;
  }
  let end = start;
  for (;;) {
    const runStart = end;
    while (isIdentifierChar(input[end])) end++;
    if (end === runStart) return null;
    if (input[end] === "-" && input[end + 1] !== ">" && isIdentifierChar(input[end + 1])) {
      end++;
      continue;
    }
    break;
  }
  const name = input.slice(start, end).trim();
  return name === "" ? null : { name, end };
}

/** A whole string that must be exactly one field name (filter keys, `columns=`, …). */
export function parseWholeFieldName(input: string): string | null {
  const trimmed = input.trim();
  const field = readFieldName(trimmed, 0);
  return field && field.end === trimmed.length ? field.name : null;
}

/**
 * Splits on commas outside parentheses, braces and double-quoted values. A `"` opens a quoted
 * value only where a value can start (input start, after `(`, `,` or `.`), so an unquoted value
 * may contain `"` (postgrest-js quotes only values with `,()`). Null when unbalanced.
 */
export function splitTopLevel(input: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let braces = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const char = input[i];
    if (quoted) {
      if (char === "\\") i++;
      else if (char === '"') quoted = false;
      continue;
    }
    const previous = i === 0 ? "" : input[i - 1];
    if (
      char === '"' &&
      (previous === "" || previous === "(" || previous === "," || previous === ".")
    ) {
      quoted = true;
    } else if (char === "{") braces++;
    else if (char === "}") braces = Math.max(0, braces - 1);
    else if (char === "(") depth++;
    else if (char === ")") depth--;
    if (depth < 0) return null;
    if (depth === 0 && braces === 0 && char === ",") {
      parts.push(input.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) return null;
  parts.push(input.slice(start));
  return parts;
}

/** Removes one level of double quotes (with backslash escapes) when the value is quoted. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    const quoted = readQuoted(value, 0);
    if (quoted && quoted.end === value.length) return quoted.value;
  }
  return value;
}

/** Deepest nesting of `(`, `[` and `{` in a value (Postgres parses some of them recursively). */
export function nestingDepth(value: string): number {
  let depth = 0;
  let deepest = 0;
  for (const char of value) {
    if (char === "(" || char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === ")" || char === "]" || char === "}") depth = Math.max(0, depth - 1);
  }
  return deepest;
}

export function assertShallow(value: string, what: string, input: string): void {
  if (nestingDepth(value) > MAX_VALUE_NESTING) {
    throw new RestError(
      400,
      "PGRST100",
      `"failed to parse ${what} (${clip(input, 100)})"`,
      `values may nest at most ${MAX_VALUE_NESTING} levels of brackets`,
    );
  }
}
