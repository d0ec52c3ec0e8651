/**
 * The site editors' forms as a browser posts them, built from the kinds' descriptors
 * (app/domain/site/editor/kinds.ts): a valid submission of any kind, and for each field the
 * invalid values an admin (or an attacker) could type, with the message that must appear.
 */
import {
  type FieldSpec,
  type KindSpec,
  OFFICE_LIMITS,
  PROCESS_LIMITS,
} from "~/domain/site/editor/fields";
import { KINDS } from "~/domain/site/editor/kinds";
import { english } from "~/i18n/translate.server";
import { characterCases, type InvalidCase } from "./site-form-characters";

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

const say = english;

/** Every way each field of `kind` can be wrong, with the message the admin must see. */
export function invalidCases(kind: KindSpec): InvalidCase[] {
  return [...limitCases(kind), ...kind.fields.flatMap(characterCases)];
}

/** The values of each field out of its bounds or choices. */
function limitCases(kind: KindSpec): InvalidCase[] {
  return kind.fields.flatMap((field): InvalidCase[] => {
    const n = field.name;
    const max = field.max ?? 0;
    const tooLong = say("siteEditor.validation.tooLong", { max });
    const emptyCase: InvalidCase[] = field.optional
      ? []
      : [
          {
            label: `an empty ${n}`,
            fields: { [n]: " " },
            at: n,
            message: say("siteEditor.validation.required"),
          },
        ];
    switch (field.type) {
      case "translated":
      case "translatedLong":
      case "translatedHtml":
        return [
          {
            label: `${n} without English`,
            fields: { [`${n}.en`]: "   " },
            at: `${n}.en`,
            message: say("siteEditor.validation.englishRequired"),
          },
          {
            label: `${n} in French over ${max} characters`,
            fields: { [`${n}.fr`]: "é".repeat(max + 1) },
            at: `${n}.fr`,
            message: tooLong,
          },
        ];
      case "translatedList":
        return [
          {
            label: `${n} row with Kiswahili but no English`,
            fields: { [`${n}[1].en`]: "", [`${n}[1].sw`]: "Kiswahili pekee" },
            at: `${n}[1].en`,
            message: say("siteEditor.validation.englishRequired"),
          },
          {
            label: `${n} row over ${max} characters`,
            fields: { [`${n}[0].sw`]: "x".repeat(max + 1) },
            at: `${n}[0].sw`,
            message: tooLong,
          },
        ];
      case "processSteps":
        return [
          {
            label: `${n} step without an English title`,
            fields: { [`${n}[0].title.en`]: "" },
            at: `${n}[0].title.en`,
            message: say("siteEditor.validation.englishRequired"),
          },
          {
            label: `${n} step description over ${PROCESS_LIMITS.description} characters`,
            fields: { [`${n}[0].description.en`]: "d".repeat(PROCESS_LIMITS.description + 1) },
            at: `${n}[0].description.en`,
            message: say("siteEditor.validation.tooLong", { max: PROCESS_LIMITS.description }),
          },
        ];
      case "textList":
        return [
          {
            label: `${n} item over ${max} characters`,
            fields: { [`${n}[1]`]: "t".repeat(max + 1) },
            at: `${n}[1]`,
            message: tooLong,
          },
        ];
      case "offices":
        return [
          {
            label: `${n} with a city over ${OFFICE_LIMITS.city} characters`,
            fields: { [`${n}[1]`]: "c".repeat(OFFICE_LIMITS.city + 1) },
            at: `${n}[1]`,
            message: say("siteEditor.validation.tooLong", { max: OFFICE_LIMITS.city }),
          },
          {
            label: `${n} with an address over ${OFFICE_LIMITS.address} characters`,
            fields: { [`${n}[0].address`]: "a".repeat(OFFICE_LIMITS.address + 1) },
            at: `${n}[0].address`,
            message: say("siteEditor.validation.tooLong", { max: OFFICE_LIMITS.address }),
          },
          {
            label: `${n} with an address but no city`,
            fields: { [`${n}[1]`]: " ", [`${n}[1].address`]: "Moi Avenue 4" },
            at: `${n}[1]`,
            message: say("siteEditor.validation.required"),
          },
          {
            label: `${n} with the same city twice`,
            fields: { [`${n}[1]`]: "Nairobi" },
            at: `${n}[1]`,
            message: say("siteEditor.validation.sameCity"),
          },
        ];
      case "socialLinks":
        return [
          {
            label: `${n} with an http:// address`,
            fields: { [`${n}[0].url`]: "http://www.facebook.com/agency" },
            at: `${n}[0].url`,
            message: say("siteEditor.validation.httpsUrl"),
          },
          {
            label: `${n} with a javascript: address`,
            fields: { [`${n}[0].url`]: "javascript:alert(1)" },
            at: `${n}[0].url`,
            message: say("siteEditor.validation.httpsUrl"),
          },
          {
            label: `${n} with another network's address`,
            fields: { [`${n}[0].url`]: "https://evil.example/facebook.com" },
            at: `${n}[0].url`,
            message: say("siteEditor.validation.network", { network: "Facebook" }),
          },
          {
            label: `${n} with an unknown network`,
            fields: { [`${n}[0].network`]: "myspace" },
            at: `${n}[0].network`,
            message: say("siteEditor.validation.choice"),
          },
        ];
      case "price":
        return [
          {
            label: "a price that is not a number",
            fields: { price_min: "fifty thousand" },
            at: "price_min",
            message: say("siteEditor.validation.amount"),
          },
          {
            label: "a negative price",
            fields: { price_min: "-5" },
            at: "price_min",
            message: say("siteEditor.validation.negative"),
          },
          {
            label: "no lowest price",
            fields: { price_min: "" },
            at: "price_min",
            message: say("siteEditor.validation.required"),
          },
          {
            label: "a highest price below the lowest",
            fields: { price_min: "5000", price_max: "4000" },
            at: "price_max",
            message: say("siteEditor.validation.maxBelowMin"),
          },
          {
            label: "a price over a billion",
            fields: { price_max: "1000000001" },
            at: "price_max",
            message: say("siteEditor.validation.amountTooLarge"),
          },
          {
            label: "an unknown price unit",
            fields: { price_unit: "week" },
            at: "price_unit",
            message: say("siteEditor.validation.choice"),
          },
        ];
      case "phone":
        return [
          ...emptyCase,
          {
            label: `${n} with letters for digits`,
            fields: { [n]: "0722 OOO 333" },
            at: n,
            message: say("siteEditor.validation.phone"),
          },
          {
            label: `${n} in words`,
            fields: { [n]: "piga simu sasa" },
            at: n,
            message: say("siteEditor.validation.phone"),
          },
          {
            label: `${n} too short to dial`,
            fields: { [n]: "0722333" },
            at: n,
            message: say("siteEditor.validation.phone"),
          },
        ];
      case "text":
        return [
          ...emptyCase,
          {
            label: `${n} over ${max} characters`,
            fields: { [n]: "n".repeat(max + 1) },
            at: n,
            message: tooLong,
          },
        ];
      case "email":
        return [
          {
            label: `${n} that is not an address`,
            fields: { [n]: "hello at example" },
            at: n,
            message: say("siteEditor.validation.email"),
          },
          {
            label: `${n} with two addresses`,
            fields: { [n]: "a@example.com,b@example.com" },
            at: n,
            message: say("siteEditor.validation.email"),
          },
        ];
      case "number":
        return [
          {
            label: `${n} out of range`,
            fields: { [n]: "9" },
            at: n,
            message: say("siteEditor.validation.wholeNumber", {
              min: field.range?.[0] ?? 0,
              max: field.range?.[1] ?? 0,
            }),
          },
        ];
      case "select":
        return [
          {
            label: `an unknown ${n}`,
            fields: { [n]: "bogus" },
            at: n,
            message: say("siteEditor.validation.choice"),
          },
        ];
      case "category":
        return [
          {
            label: "a forged category id",
            fields: { [n]: "999999" },
            at: n,
            message: say("siteEditor.validation.category"),
          },
        ];
      case "image":
        return [
          {
            label: `a javascript: ${n}`,
            fields: { [n]: "javascript:alert(1)" },
            at: n,
            message: say("siteEditor.validation.image"),
          },
          {
            label: `a ${n} on another site`,
            fields: { [n]: "https://evil.example/a.png" },
            at: n,
            message: say("siteEditor.validation.image"),
          },
          {
            label: `a ${n} climbing out of /images`,
            fields: { [n]: "/images/../admin" },
            at: n,
            message: say("siteEditor.validation.image"),
          },
        ];
      case "slug":
        return [
          {
            label: "a slug with capitals and spaces",
            fields: { [n]: "Web Design" },
            at: n,
            message: say("siteEditor.validation.slug"),
          },
          {
            label: "a slug with a path",
            fields: { [n]: "../admin" },
            at: n,
            message: say("siteEditor.validation.slug"),
          },
        ];
      case "date":
        return [
          {
            label: "an impossible date",
            fields: { [n]: "2026-13-45" },
            at: n,
            message: say("siteEditor.validation.date"),
          },
        ];
      default:
        return [];
    }
  });
}
