import { createContext, type ReactNode, useContext, useMemo } from "react";
import { useMatches } from "react-router";
import { DEFAULT_LOCALE, isLocale, type Locale, localizePath } from "./locale";
import {
  type MessageBundle,
  type MessageKey,
  partsToNodes,
  partsToText,
  type Values,
} from "./messages";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export interface Translate {
  (key: MessageKey, values?: Values): string;
  /** A message with markup: `<link>…</link>` rendered by `tags.link(children, key)`. */
  rich(
    key: MessageKey,
    tags: Record<string, (children: ReactNode[], key: number) => ReactNode>,
    values?: Values,
  ): ReactNode[];
  locale: Locale;
  /** A site path in the page's language: `/services` → `/sw/services` on a Kiswahili page. */
  path(path: string): string;
}

/**
 * Merged bundles by their parts: a loader's bundle is one object made once per language and
 * message list on the server (app/i18n/translate.server.ts), so each page's merge is made once.
 */
const merges = new WeakMap<MessageBundle, WeakMap<MessageBundle, MessageBundle>>();

function mergeTwo(first: MessageBundle, second: MessageBundle): MessageBundle {
  let withFirst = merges.get(first);
  if (!withFirst) {
    withFirst = new WeakMap();
    merges.set(first, withFirst);
  }
  let merged = withFirst.get(second);
  if (!merged) {
    merged = Object.assign({}, first, second);
    withFirst.set(second, merged);
  }
  return merged;
}

/** The messages every matched loader sent (root first, the page last), merged. */
function bundleOf(matches: MatchLike[]): MessageBundle {
  let merged: MessageBundle | undefined;
  for (const match of matches) {
    const messages = (match?.loaderData as { i18n?: MessageBundle } | null | undefined)?.i18n;
    if (messages) merged = merged ? mergeTwo(merged, messages) : messages;
  }
  return merged ?? {};
}

function localeOf(matches: MatchLike[]): Locale {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { locale?: unknown } | null;
  return isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE;
}

/** A translator over the matched routes' messages; usable in `meta` as well as components. */
export function translatorFrom(matches: MatchLike[]): Translate {
  const bundle = bundleOf(matches);
  const missing = (key: string) => {
    if (import.meta.env.DEV) console.error(`i18n: no message "${key}" on this page`);
    return key;
  };
  const t = ((key, values) => {
    const message = bundle[key];
    return message === undefined ? missing(key) : partsToText(message, values);
  }) as Translate;
  t.rich = (key, tags, values = {}) => {
    const message = bundle[key];
    return message === undefined ? [missing(key)] : partsToNodes<ReactNode>(message, values, tags);
  };
  t.locale = localeOf(matches);
  t.path = (path) => localizePath(path, t.locale);
  return t;
}

/**
 * The translator of the page being rendered, made once by the root layout: without it every
 * component calling `useT` merged every loader's messages again (a sixth of a page's render).
 */
export const TranslateContext = createContext<Translate | null>(null);

/** The page's translator (its language and the messages its loaders resolved). */
export function useT(): Translate {
  const provided = useContext(TranslateContext);
  const matches = useMatches();
  return useMemo(() => provided ?? translatorFrom(matches), [provided, matches]);
}

/** The page in each language: the page's own `alternates` (posts and their translations) or the root's. */
export function useAlternates(): Record<Locale, string> {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const alternates = (match.loaderData as { alternates?: Record<Locale, string> } | null)
      ?.alternates;
    if (alternates) return alternates;
  }
  return { en: "/", sw: "/sw/", fr: "/fr/" };
}
