/**
 * The values of each field of a site editor's kind out of its bounds or choices, with the
 * message the admin must see (site-forms.ts adds the characters a field refuses).
 */
import { type KindSpec, OFFICE_LIMITS, PROCESS_LIMITS } from "~/domain/site/editor/fields";
import { english as say } from "~/i18n/translate.server";
import type { InvalidCase } from "./site-form-characters";

/** The values of each field out of its bounds or choices. */
export function limitCases(kind: KindSpec): InvalidCase[] {
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
