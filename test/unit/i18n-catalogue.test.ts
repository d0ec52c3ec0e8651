import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/i18n/locale";
import { CATALOGUES, resolveForClient } from "~/i18n/translate.server";

/**
 * The catalogues are checked at build time (`npm test` runs this before the build is used):
 * every language has every key, no key is unused, placeholders and markup agree, and what the
 * browser renders can be resolved without the ICU runtime.
 */
const APP = join(import.meta.dirname, "../../app");

function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    if (!/\.(ts|tsx)$/.test(name) || name.endsWith(".test.ts")) return [];
    return [{ path, text: readFileSync(path, "utf8") }];
  });
}

const files = sources(APP);
const english = CATALOGUES.en;

/** Keys written out in the code (`"nav.home"`), and prefixes of dynamic ones (`` `survey.steps.${` ``). */
const literal = new Set<string>();
const prefixes = new Set<string>();
for (const { text } of files) {
  for (const m of text.matchAll(/["'`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_ /]+)+)["'`]/g)) {
    if (m[1]) literal.add(m[1]);
  }
  for (const m of text.matchAll(/`([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)*\.)\$\{/g)) {
    if (m[1]) prefixes.add(m[1]);
  }
  // A site editor's select names its options' labels once (`${optionLabels}.${value}`).
  for (const m of text.matchAll(/optionLabels: "([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)"/g)) {
    if (m[1]) prefixes.add(`${m[1]}.`);
  }
}

/** A message's signature: arguments with their kind, plural/select branches, markup tags. */
function signature(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument) into.add(`arg:${e.value}`);
    else if (e.type === TYPE.number) into.add(`number:${e.value}`);
    else if (e.type === TYPE.date || e.type === TYPE.time) into.add(`date:${e.value}`);
    else if (e.type === TYPE.tag) {
      into.add(`tag:${e.value}`);
      signature(e.children, into);
    } else if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(`${e.type === TYPE.plural ? "plural" : "select"}:${e.value}`);
      for (const option of Object.values(e.options)) signature(option.value, into);
    }
  }
  return into;
}

describe("message catalogues", () => {
  it.each(LOCALES.filter((l) => l !== "en"))("%s has exactly the English keys", (locale) => {
    const keys = [...CATALOGUES[locale].keys()];
    expect(keys.filter((k) => !english.has(k))).toEqual([]);
    expect([...english.keys()].filter((k) => !CATALOGUES[locale].has(k))).toEqual([]);
  });

  it.each(LOCALES)("%s messages parse and match the English placeholders", (locale) => {
    const mismatches: string[] = [];
    for (const [key, source] of english) {
      const translated = CATALOGUES[locale].get(key) ?? "";
      const expected = [...signature(parse(source))].sort();
      const actual = [...signature(parse(translated))].sort();
      if (expected.join() !== actual.join()) mismatches.push(`${key}: ${actual} ≠ ${expected}`);
      if (translated.trim() === "") mismatches.push(`${key}: empty`);
    }
    expect(mismatches).toEqual([]);
  });

  it("has no unused key", () => {
    const unused = [...english.keys()].filter(
      (key) => !literal.has(key) && ![...prefixes].some((p) => key.startsWith(p)),
    );
    expect(unused).toEqual([]);
  });

  it("has every key the code names", () => {
    const known = (key: string) =>
      english.has(key) || [...english.keys()].some((k) => k.startsWith(`${key}.`));
    const namespaces = new Set([...english.keys()].map((k) => k.split(".")[0]));
    const missing = [...literal].filter(
      (key) => namespaces.has(key.split(".")[0]) && !/\.(ts|tsx|json|js|css|svg|png)$/.test(key),
    );
    expect(missing.filter((key) => !known(key))).toEqual([]);
  });

  it("resolves every message a component renders without the ICU runtime", () => {
    const inComponents = new Set<string>();
    for (const { path, text } of files) {
      if (!path.endsWith(".tsx")) continue;
      for (const m of text.matchAll(/\bt(?:\.rich)?\(\s*"([^"]+)"/g))
        if (m[1]) inComponents.add(m[1]);
    }
    const needsRuntime = [...inComponents].flatMap((key) =>
      LOCALES.filter((l) => {
        const source = CATALOGUES[l].get(key);
        return source !== undefined && resolveForClient(source) === null;
      }).map((l) => `${l}:${key}`),
    );
    expect(inComponents.size).toBeGreaterThan(100);
    expect(needsRuntime).toEqual([]);
  });
});
