/**
 * The site editors' forms as a browser posts them, built from the kinds' descriptors
 * (app/domain/site/editor/kinds.ts): a valid submission of any kind, and for each field the
 * invalid values an admin (or an attacker) could type, with the message that must appear.
 */
import type { FieldSpec, KindSpec } from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import { characterCases, type InvalidCase } from "./site-form-characters";
import { limitCases } from "./site-form-limits";

export const KIND_LIST: KindSpec[] = Object.values(KINDS);

let counter = 0;
function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}`;
}

/** What a valid value of each field type looks like in the form. */
function validFieldValues(
  field: FieldSpec,
  context: { categoryId?: number },
): Record<string, string> {
  const name = field.name;
  const texts = (base: string, word: string) => ({
    [`${base}.en`]: `${word} EN`,
    [`${base}.sw`]: `${word} SW`,
    [`${base}.fr`]: `${word} FR`,
  });
  switch (field.type) {
    case "translated":
    case "translatedLong":
      return texts(name, "Sample");
    case "translatedHtml":
      return {
        [`${name}.en`]: "<h2>Sample</h2><p>English text</p>",
        [`${name}.sw`]: "<h2>Mfano</h2><p>Maandishi</p>",
        [`${name}.fr`]: "<h2>Exemple</h2><p>Texte</p>",
      };
    case "translatedList":
      return { ...texts(`${name}[0]`, "First"), ...texts(`${name}[1]`, "Second") };
    case "processSteps":
      return {
        ...texts(`${name}[0].title`, "Plan"),
        ...texts(`${name}[0].description`, "We plan"),
      };
    case "textList":
      return { [`${name}[0]`]: "React", [`${name}[1]`]: "Node.js" };
    case "offices":
      return {
        [`${name}[0]`]: "Nairobi",
        [`${name}[0].address`]: "Ngong Road 12, Kilimani",
        [`${name}[1]`]: "Mombasa",
        [`${name}[1].address`]: "",
      };
    case "socialLinks":
      return {
        [`${name}[0].network`]: "facebook",
        [`${name}[0].url`]: "https://www.facebook.com/agency",
      };
    case "price":
      return { price_min: "1000", price_max: "2000", price_unit: "project" };
    case "text":
      return { [name]: `Sample ${name}` };
    case "phone":
      return { [name]: "+254 (0) 712-345.678" };
    case "email":
      return { [name]: "hello@example.com" };
    case "number":
      return { [name]: String(field.range?.[1] ?? 1) };
    case "select":
      return { [name]: field.options?.[0] ?? "" };
    case "category":
      return { [name]: String(context.categoryId ?? 1) };
    case "image":
      return { [name]: "/images/services/web-development.svg" };
    case "slug":
      return { [name]: `sample-${unique()}` };
    case "boolean":
      return { [name]: "on" };
    case "date":
      return { [name]: "2026-12-01" };
  }
}

/** A complete, valid submission of `kind` (Save), with `overrides`. */
export function validForm(
  kind: KindSpec,
  overrides: Record<string, string> = {},
  context: { categoryId?: number } = {},
): Record<string, string> {
  const fields: Record<string, string> = { intent: "save" };
  for (const field of kind.fields) Object.assign(fields, validFieldValues(field, context));
  return { ...fields, ...overrides };
}

export type { InvalidCase };

/** Every way each field of `kind` can be wrong, with the message the admin must see. */
export function invalidCases(kind: KindSpec): InvalidCase[] {
  return [...limitCases(kind), ...kind.fields.flatMap(characterCases)];
}
