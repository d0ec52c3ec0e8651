import { type Failure, type FailureKind, fail } from "~/lib/result";
import type { MessageKey, Values } from "./messages";
import { english, type Translator } from "./translate.server";

/**
 * A failure whose message comes from the catalogue: its `message` is the English text (logs,
 * English pages), its `key` lets the answer be given in the page's language.
 */
export function failWith(kind: FailureKind, key: MessageKey, values?: Values): Failure {
  return { ...fail(kind, english(key, values)), key, ...(values ? { values } : {}) };
}

/**
 * The failure worded in `t`'s language. English keeps the message as it came (a provider's own
 * words included); other languages translate the failures the catalogue knows and keep the rest.
 */
export function localizeFailure(failure: Failure, t: Translator): Failure {
  if (t.locale === "en" || !failure.key) return failure;
  return { ...failure, message: t(failure.key, failure.values) };
}
