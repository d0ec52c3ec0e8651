import { z } from "zod";
import type { Translator } from "~/i18n/translate.server";
import { phoneOf, readPhone } from "~/lib/phone";
import type { Draft } from "./draft";
import { type FieldSpec, type KindSpec, OFFICE_LIMITS } from "./fields";
import { isTextLine } from "./stored-rules";

/**
 * The settings' contact fields as the editor checks them (app/domain/site/editor/
 * schema.server.ts builds the rest): phone numbers, and the offices with their addresses.
 */

const trimmed = (v: string) => v.trim();

/** One office as the form posts it (the rows' bound is the caller's). */
export const OFFICE_ROW = z.object({ city: z.string(), address: z.string() });

/**
 * A phone or WhatsApp number (app/lib/phone.ts): a Kenyan number as people write it or another
 * country's with its "+", stored in E.164 ("+254712345678"); empty is null when optional.
 */
export function phoneNumber(t: Translator, field: FieldSpec) {
  return z
    .string()
    .transform(trimmed)
    .transform((v, ctx) => {
      const read = readPhone(v);
      if (read.ok) return read.number.e164;
      if (read.reason === "empty" && field.optional) return null;
      const message = t(
        read.reason === "empty"
          ? "siteEditor.validation.required"
          : isTextLine(v)
            ? "siteEditor.validation.phone"
            : "siteEditor.validation.oneLine",
      );
      ctx.issues.push({ code: "custom", message, input: v });
      return z.NEVER;
    });
}

/**
 * The form's numbers as visitors read them ("0712 345 678", "+44 20 7946 0958") rather than
 * as stored ("+254712345678"): what the admin opens. Saving reads them back to the same E.164;
 * a stored value that is no number is shown as it is, for the admin to correct.
 */
export function withNumbersShown(kind: KindSpec, draft: Draft): Draft {
  const shown: Draft = { ...draft };
  for (const field of kind.fields) {
    const number = field.type === "phone" ? phoneOf(String(draft[field.name] ?? "")) : null;
    if (number) shown[field.name] = number.display;
  }
  return shown;
}

/** A line of at most `max` characters (empty allowed), or its problem. */
function lineProblem(t: Translator, text: string, max: number): string | null {
  if (text.length > max) return t("siteEditor.validation.tooLong", { max });
  return isTextLine(text) ? null : t("siteEditor.validation.oneLine");
}

/**
 * The offices: each a city (required, once) and its street address (optional). A city's issue
 * is the row's own (the form's `cities[i]`), an address's `cities[i].address`.
 */
export function offices(t: Translator, rows: z.ZodType<z.infer<typeof OFFICE_ROW>[]>) {
  return rows.transform((list, ctx) => {
    const seen = new Set<string>();
    return list.map((row, index) => {
      const city = row.city.trim();
      const address = row.address.trim();
      const cityProblem = !city
        ? t("siteEditor.validation.required")
        : seen.has(city)
          ? t("siteEditor.validation.sameCity")
          : lineProblem(t, city, OFFICE_LIMITS.city);
      if (cityProblem) ctx.addIssue({ code: "custom", path: [index], message: cityProblem });
      const addressProblem = lineProblem(t, address, OFFICE_LIMITS.address);
      if (addressProblem) {
        ctx.addIssue({ code: "custom", path: [index, "address"], message: addressProblem });
      }
      seen.add(city);
      return { city, address };
    });
  });
}
