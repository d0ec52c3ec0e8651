import { z } from "zod";
import { LINE_LIMITS } from "~/domain/invoices/document";
import type { Translator } from "~/i18n/translate.server";
import type { FieldReply } from "~/lib/form-reply";
import type { DraftValues, LineValues } from "./invoices.server";
import { centsText, parseKesCents, parsePercentBp, percentText } from "./money-input";
import { wholeNumber } from "./settings.server";

/**
 * The draft editor's form (/admin/invoices/:id): the draft's fields, and its lines as numbered
 * fields `l<i>_description`, `l<i>_quantity`, `l<i>_unit_price`, `l<i>_vat_rate` (each its own
 * name, so each has its own id, its own error and its own link in the error summary). Add and
 * Remove are submit buttons: the page comes back with a row more or less, nothing saved, so they
 * work without JavaScript. Amounts are read exactly (money-input.ts).
 */

export const LINE_FIELDS = ["description", "quantity", "unit_price", "vat_rate"] as const;
export type LineField = (typeof LINE_FIELDS)[number];

export const lineName = (index: number, field: LineField) => `l${index}_${field}`;

/** The line fields a submission may carry (one of each per line, up to the lines' limit). */
export const LINE_EXTRA: Record<string, number> = Object.fromEntries(
  Array.from({ length: LINE_LIMITS.linesMax }, (_, i) =>
    LINE_FIELDS.map((field) => [lineName(i, field), 1] as const),
  ).flat(),
);

/** Fields a submission of the editor may have: its own, its lines', its button. */
export const EDITOR_MAX_FIELDS = LINE_LIMITS.linesMax * LINE_FIELDS.length + 10;

const INTENT = /^(save|add|issue|remove-\d{1,3})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function draftSchema(t: Translator) {
  return z.object({
    intent: z.string().regex(INTENT),
    title: z
      .string()
      .trim()
      .max(200, { error: t("adminBilling.draft.titleTooLong") })
      .optional(),
    notes: z
      .string()
      .trim()
      .max(4000, { error: t("adminBilling.draft.notesTooLong") })
      .optional(),
    due_date: z
      .string()
      .trim()
      .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), {
        error: t("adminBilling.draft.dateInvalid"),
      })
      .optional(),
    language: z.enum(["en", "sw", "fr"]).default("en"),
    reminders: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
  });
}

export type DraftForm = z.output<ReturnType<typeof draftSchema>>;

/** The typed rows of a submission, in order (the indexes present, renumbered from 0). */
export function typedRows(formData: FormData): Record<LineField, string>[] {
  const indexes = new Set<number>();
  for (const name of formData.keys()) {
    const match = /^l(\d{1,3})_/.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((i) => {
      const value = (field: LineField) => {
        const v = formData.get(lineName(i, field));
        return typeof v === "string" ? v : "";
      };
      return {
        description: value("description"),
        quantity: value("quantity"),
        unit_price: value("unit_price"),
        vat_rate: value("vat_rate"),
      };
    });
}

/** The lines of typed rows, or each row's errors by field name. */
export function readLines(
  rows: Record<LineField, string>[],
  t: Translator,
): { lines: LineValues[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const lines: LineValues[] = [];
  rows.forEach((row, i) => {
    const description = row.description.trim();
    const quantity = wholeNumber(row.quantity, 1, LINE_LIMITS.quantityMax);
    const unitPriceCents = parseKesCents(row.unit_price, {
      negative: true,
      max: LINE_LIMITS.unitPriceCentsMax,
    });
    const vatRateBp = parsePercentBp(row.vat_rate);
    if (!description || description.length > LINE_LIMITS.descriptionMax) {
      errors[lineName(i, "description")] = [t("adminBilling.draft.descriptionRequired")];
    }
    if (quantity === undefined) {
      errors[lineName(i, "quantity")] = [t("adminBilling.draft.quantityInvalid")];
    }
    if (unitPriceCents === undefined) {
      errors[lineName(i, "unit_price")] = [t("adminBilling.draft.unitPriceInvalid")];
    }
    if (vatRateBp === undefined) {
      errors[lineName(i, "vat_rate")] = [t("adminBilling.draft.vatRateInvalid")];
    }
    if (quantity !== undefined && unitPriceCents !== undefined && vatRateBp !== undefined) {
      lines.push({ description, quantity, unitPriceCents, vatRateBp });
    }
  });
  return { lines, errors };
}

/** The draft's values from a valid form and its lines. */
export function draftValues(form: DraftForm, lines: LineValues[]): DraftValues {
  return {
    title: form.title ?? "",
    notes: form.notes ?? "",
    dueDate: form.due_date ?? null,
    reminders: form.reminders,
    language: form.language,
    lines,
  };
}

/** The typed values for the page: the draft's fields and rows renumbered from 0. */
export function echo(
  formData: FormData,
  rows: Record<LineField, string>[],
  errors: Record<string, string[]> = {},
): FieldReply {
  const initialValue: Record<string, string> = {};
  for (const name of ["title", "notes", "due_date", "language", "reminders"]) {
    const v = formData.get(name);
    if (typeof v === "string") initialValue[name] = v;
  }
  rows.forEach((row, i) => {
    for (const field of LINE_FIELDS) initialValue[lineName(i, field)] = row[field];
  });
  initialValue.rows = String(rows.length);
  return { initialValue, error: errors };
}

/** A saved line as the form shows it. */
export function rowOf(line: {
  description: string;
  quantity: number;
  unit_price_cents: number;
  vat_rate_bp: number;
}): Record<LineField, string> {
  return {
    description: line.description,
    quantity: String(line.quantity),
    unit_price: centsText(line.unit_price_cents),
    vat_rate: percentText(line.vat_rate_bp),
  };
}

/** An empty row, its VAT rate the agency's. */
export function emptyRow(vatRateBp: number): Record<LineField, string> {
  return { description: "", quantity: "1", unit_price: "", vat_rate: percentText(vatRateBp) };
}
