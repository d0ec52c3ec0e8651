/**
 * The site's own words, read from its catalogues (app/i18n/messages/{en,sw,fr}.json), for the
 * flows that walk one scenario in several languages: what a visitor reads in a label, a button or
 * a mail's subject, exactly as the site formats it (ICU plurals included).
 */
import { readFileSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";
import type { MessageKey } from "../../../app/i18n/messages";

export type Language = "en" | "sw" | "fr";

type Tree = { [key: string]: string | Tree };
const catalogues = new Map<Language, Tree>();

function catalogue(language: Language): Tree {
  let tree = catalogues.get(language);
  if (!tree) {
    tree = JSON.parse(readFileSync(`app/i18n/messages/${language}.json`, "utf8")) as Tree;
    catalogues.set(language, tree);
  }
  return tree;
}

/** Message `key` in `language` with `values` filled in, as the page or the mail shows it. */
export function message(
  language: Language,
  key: MessageKey,
  values?: Record<string, string | number>,
): string {
  let node: string | Tree | undefined = catalogue(language);
  for (const part of key.split(".")) node = typeof node === "string" ? undefined : node?.[part];
  if (typeof node !== "string") throw new Error(`no message "${key}" in ${language}.json`);
  return String(new IntlMessageFormat(node, language).format(values));
}

/** A site path in `language`: `/dashboard` → `/fr/dashboard` (English keeps the bare path). */
export function inLanguage(language: Language, path: string): string {
  return language === "en" ? path : `/${language}${path}`;
}

/** `text` as a regular expression matching exactly it (a name or a reason inside a pattern). */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
