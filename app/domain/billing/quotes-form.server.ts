import { z } from "zod";
import { LOCALES, type Locale } from "~/i18n/locale";
import type { Translator } from "~/i18n/translate.server";
import { centsText, parseKesCents, parsePercentBp, percentText } from "./money-input";

/**
 * The quote editor's form, read without Conform: its lines are numbered fields
 * (`description_0`, `quantity_0`, `price_0`, `vat_0`, …) so that each has an id the error summary
 * links to, and a line is added or removed by a plain POST (no JavaScript): the answer is the
 * form as typed, with one more or one fewer line, nothing stored.
 *
 * Money is typed in shillings and read exactly into integer cents (no float ever holds it) by
 * the billing forms' one parser (money-input.ts: up to Ksh 10 million a unit, a negative price
 * being a discount).
 */

/** Lines a quote holds at most (each is four fields: 4 × 40 + the quote's own < 200 fields). */
export const MAX_LINES = 40;

export { centsText, percentText as rateText };

/** A line as typed (all text) — what the form shows back. */
export interface TypedLine {
  description: string;
  quantity: string;
  price: string;
  vat: string;
}

/** The quote's fields as typed. */
export interface TypedQuote {
  title: string;
  language: string;
  valid_until: string;
  terms: string;
  deposit_percent: string;
  lines: TypedLine[];
}

export interface QuoteLineInput {
  description: string;
  quantity: number;
  unit_price_cents: number;
  vat_rate_bp: number;
}

export interface QuoteInput {
  title: string;
  language: Locale;
  valid_until: string;
  terms: string;
  deposit_percent: number;
  lines: QuoteLineInput[];
}

const QUOTE_FIELDS = ["title", "language", "valid_until", "terms", "deposit_percent"] as const;
const LINE_FIELDS = ["description", "quantity", "price", "vat"] as const;
export const QUOTE_INTENTS = ["save", "add", "send"] as const;
const FIELD_MAX = { title: 201, terms: 4001, description: 501 } as Record<string, number>;

/** The field names (and how often) the editor may post: the form reader's rules. */
export function editorFieldNames(): Record<string, number> {
  const names: Record<string, number> = { intent: 1 };
  for (const name of QUOTE_FIELDS) names[name] = 1;
  for (let index = 0; index < MAX_LINES; index++) {
    for (const field of LINE_FIELDS) names[`${field}_${index}`] = 1;
  }
  return names;
}

/** The form as typed: values clipped, lines in order (up to MAX_LINES). */
export function typedQuote(form: FormData): TypedQuote {
  const text = (name: string) => {
    const value = form.get(name);
    const max = FIELD_MAX[name.replace(/_\d+$/, "")] ?? 101;
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const lines: TypedLine[] = [];
  for (let index = 0; index < MAX_LINES; index++) {
    if (!form.has(`description_${index}`) && !form.has(`price_${index}`)) continue;
    lines.push({
      description: text(`description_${index}`),
      quantity: text(`quantity_${index}`),
      price: text(`price_${index}`),
      vat: text(`vat_${index}`),
    });
  }
  return {
    title: text("title"),
    language: text("language"),
    valid_until: text("valid_until"),
    terms: text("terms"),
    deposit_percent: text("deposit_percent"),
    lines,
  };
}

/** What the posted intent asks: save, add a line, remove line N, or send. */
export type EditorIntent =
  | { kind: "save" | "add" | "send" }
  | { kind: "remove"; index: number }
  | { kind: "unknown" };

export function intentOf(form: FormData): EditorIntent {
  const intent = form.get("intent");
  if (intent === "save" || intent === "add" || intent === "send") return { kind: intent };
  const remove = typeof intent === "string" ? /^remove-(\d{1,2})$/.exec(intent) : null;
  if (remove) return { kind: "remove", index: Number(remove[1]) };
  return { kind: "unknown" };
}

const isBlank = (line: TypedLine) =>
  !line.description.trim() && !line.price.trim() && !line.quantity.trim();

const dateText = z.iso.date();

/**
 * The typed quote checked: the input to store, or the errors by field name (each line's by its
 * numbered name). Wholly blank lines are dropped; at least one line is needed to send.
 */
export function checkQuote(
  typed: TypedQuote,
  t: Translator,
  today: string,
): { ok: true; value: QuoteInput } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const say = (name: string, key: Parameters<Translator>[0]) => {
    errors[name] = [t(key)];
  };
  const title = typed.title.trim();
  if (!title) say("title", "quotes.editor.titleRequired");
  else if (title.length > 200) say("title", "quotes.editor.titleTooLong");
  const language = LOCALES.find((locale) => locale === typed.language);
  if (!language) say("language", "quotes.editor.languageInvalid");
  if (!dateText.safeParse(typed.valid_until).success)
    say("valid_until", "quotes.editor.dateInvalid");
  else if (typed.valid_until < today) say("valid_until", "quotes.editor.datePast");
  const terms = typed.terms.trim();
  if (terms.length > 4000) say("terms", "quotes.editor.termsTooLong");
  const deposit = /^\s*\d{1,3}\s*%?\s*$/.test(typed.deposit_percent)
    ? Number.parseInt(typed.deposit_percent, 10)
    : Number.NaN;
  if (!(deposit >= 0 && deposit <= 100)) say("deposit_percent", "quotes.editor.depositInvalid");
  const lines: QuoteLineInput[] = [];
  typed.lines.forEach((line, index) => {
    if (isBlank(line)) return;
    const description = line.description.trim();
    if (!description) say(`description_${index}`, "quotes.editor.descriptionRequired");
    else if (description.length > 500)
      say(`description_${index}`, "quotes.editor.descriptionTooLong");
    const quantity = /^\s*\d{1,5}\s*$/.test(line.quantity) ? Number(line.quantity) : Number.NaN;
    if (!(quantity >= 1 && quantity <= 10_000))
      say(`quantity_${index}`, "quotes.editor.quantityInvalid");
    const price = parseKesCents(line.price, { negative: true });
    if (price === undefined) say(`price_${index}`, "quotes.editor.priceInvalid");
    const vat = parsePercentBp(line.vat);
    if (vat === undefined) say(`vat_${index}`, "quotes.editor.vatInvalid");
    if (price !== undefined && vat !== undefined && description && quantity >= 1) {
      lines.push({ description, quantity, unit_price_cents: price, vat_rate_bp: vat });
    }
  });
  if (Object.keys(errors).length > 0 || !language) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      language,
      valid_until: typed.valid_until,
      terms,
      deposit_percent: deposit,
      lines,
    },
  };
}
