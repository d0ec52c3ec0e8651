import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { INTL_LOCALE, LOCALES, type Locale, localizePath } from "./locale";
import type { MessageBundle, MessageKey, Part, ResolvedMessage, Values } from "./messages";
import en from "./messages/en.json";
import fr from "./messages/fr.json";
import sw from "./messages/sw.json";

/**
 * The catalogues (one JSON file per language, nested namespaces, ICU MessageFormat) and the one
 * translator of the server: loaders, actions, e-mails and feeds format with it; pages receive
 * `bundle()`s of already-resolved messages. A missing message falls back to English (the
 * catalogue test makes sure there is none).
 */
type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = "", into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

export const CATALOGUES: Record<Locale, Map<string, string>> = {
  en: flatten(en),
  sw: flatten(sw),
  fr: flatten(fr),
};

const formats = new Map<string, IntlMessageFormat>();

function formatOf(locale: Locale, key: string): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let format = formats.get(id);
  if (!format) {
    const source = CATALOGUES[locale].get(key) ?? CATALOGUES.en.get(key);
    if (source === undefined) throw new Error(`i18n: unknown message "${key}"`);
    format = new IntlMessageFormat(source, INTL_LOCALE[locale].numbers);
    formats.set(id, format);
  }
  return format;
}

/** The message `key` in `locale`, formatted with `values` (ICU plural, number, date, select). */
export function translate(locale: Locale, key: MessageKey, values?: Values): string {
  return String(formatOf(locale, key).format(values));
}

export type Translator = ((key: MessageKey, values?: Values) => string) & {
  locale: Locale;
  /** A site path in this language: `/contact` → `/sw/contact`. */
  path(path: string): string;
};

export function translator(locale: Locale): Translator {
  const t = ((key: MessageKey, values?: Values) => translate(locale, key, values)) as Translator;
  t.locale = locale;
  t.path = (path) => localizePath(path, locale);
  return t;
}

/** The English text of a message (logs, and the site's English answers). */
export function english(key: MessageKey, values?: Values): string {
  return translate("en", key, values);
}

/** Parts of a message with only plain arguments and markup; null when it needs the ICU runtime. */
function toParts(elements: MessageFormatElement[]): Part[] | null {
  const parts: Part[] = [];
  for (const element of elements) {
    if (element.type === TYPE.literal) parts.push(element.value);
    else if (element.type === TYPE.argument) parts.push({ a: element.value });
    else if (element.type === TYPE.tag) {
      const children = toParts(element.children);
      if (!children) return null;
      parts.push({ t: element.value, c: children });
    } else return null;
  }
  return parts;
}

/** A message as the browser gets it, or null for server-only ones (plural, number, date…). */
export function resolveForClient(source: string): ResolvedMessage | null {
  const parts = toParts(parse(source));
  if (!parts) return null;
  return parts.every((p) => typeof p === "string") ? parts.join("") : parts;
}

const bundles = new Map<string, MessageBundle>();

/**
 * The messages under `prefixes` (e.g. `["nav", "footer", "blog.readTime"]`) resolved for the
 * browser in `locale` — what a loader sends for the components of its page.
 */
export function bundle(locale: Locale, prefixes: readonly string[]): MessageBundle {
  const id = `${locale}:${prefixes.join(",")}`;
  const cached = bundles.get(id);
  if (cached) return cached;
  const made: Record<string, ResolvedMessage> = {};
  for (const [key, source] of CATALOGUES.en) {
    if (!prefixes.some((p) => key === p || key.startsWith(`${p}.`))) continue;
    const resolved = resolveForClient(CATALOGUES[locale].get(key) ?? source);
    if (resolved !== null) made[key] = resolved;
  }
  bundles.set(id, made);
  return made;
}

/** One value per language, made once from that language's translator (e.g. a form schema). */
export function perLocale<T>(make: (t: Translator) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(translator(locale));
      made.set(locale, value);
    }
    return value;
  };
}

export { LOCALES };
