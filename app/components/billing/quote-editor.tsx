import { Form } from "react-router";
import { secondaryButton } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import type { TypedLine, TypedQuote } from "~/domain/billing/quotes-form.server";
import { useT } from "~/i18n/use-t";
import { LiveTotals } from "./live-totals";

/**
 * A draft quote's form: its fields, then its lines (description, quantity, unit price in KES,
 * VAT %), each with a Remove button, and Add a line, Save and Send — every button a plain POST,
 * so it all works without JavaScript (the answer is the form as typed, one line more or less).
 * Errors: the summary on top, each message under its field, what was typed kept.
 */
export function QuoteEditor({
  typed,
  errors,
  answer,
  defaultVat,
  totals,
}: {
  typed: TypedQuote;
  errors: Record<string, string[]>;
  answer: unknown;
  defaultVat: string;
  totals: { subtotal: string; vat: string; total: string };
}) {
  const t = useT();
  const blank: TypedLine = { description: "", quantity: "1", price: "", vat: defaultVat };
  const lines = typed.lines.length > 0 ? typed.lines : [blank];
  const lineLabel = (name: string) => {
    const match = /^(description|quantity|price|vat)_(\d+)$/.exec(name);
    if (!match) return undefined;
    return t("quotes.editor.lineField", {
      number: Number(match[2]) + 1,
      field: t(`quotes.editor.${match[1] as "description" | "quantity" | "price" | "vat"}`),
    });
  };
  const labelOf = (name: string) =>
    lineLabel(name) ??
    (
      {
        title: t("quotes.editor.title"),
        language: t("quotes.editor.language"),
        valid_until: t("quotes.editor.validUntil"),
        terms: t("quotes.editor.terms"),
        deposit_percent: t("quotes.editor.depositPercent"),
      } as Record<string, string>
    )[name];
  return (
    <Form method="post" noValidate className="space-y-6">
      <ErrorSummary answer={answer} labelOf={labelOf} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          className="sm:col-span-2"
          label={t("quotes.editor.title")}
          name="title"
          maxLength={200}
          defaultValue={typed.title}
          errors={errors.title}
        />
        <SelectField
          label={t("quotes.editor.language")}
          hint={t("quotes.editor.languageHint")}
          name="language"
          defaultValue={typed.language}
          errors={errors.language}
          options={[
            { value: "en", label: "English", lang: "en" },
            { value: "sw", label: "Kiswahili", lang: "sw" },
            { value: "fr", label: "Français", lang: "fr" },
          ]}
        />
        <Field
          label={t("quotes.editor.validUntil")}
          name="valid_until"
          type="date"
          defaultValue={typed.valid_until}
          errors={errors.valid_until}
        />
        <Field
          label={t("quotes.editor.depositPercent")}
          hint={t("quotes.editor.depositHint")}
          name="deposit_percent"
          inputMode="numeric"
          defaultValue={typed.deposit_percent}
          errors={errors.deposit_percent}
        />
        <TextareaField
          className="sm:col-span-2"
          label={t("quotes.editor.terms")}
          name="terms"
          rows={4}
          maxLength={4000}
          defaultValue={typed.terms}
          errors={errors.terms}
        />
      </div>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-xl font-bold text-slate-900">
          {t("quotes.linesHeading")}
        </legend>
        {lines.map((line, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a line is its position in the form
            key={index}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_6rem_9rem_6rem_auto]"
            data-quote-line={index}
          >
            <Field
              label={t("quotes.editor.lineField", {
                number: index + 1,
                field: t("quotes.editor.description"),
              })}
              name={`description_${index}`}
              maxLength={500}
              defaultValue={line.description}
              errors={errors[`description_${index}`]}
            />
            <Field
              label={t("quotes.editor.quantity")}
              name={`quantity_${index}`}
              inputMode="numeric"
              defaultValue={line.quantity}
              errors={errors[`quantity_${index}`]}
            />
            <Field
              label={t("quotes.editor.price")}
              hint={t("quotes.editor.priceHint")}
              name={`price_${index}`}
              inputMode="decimal"
              defaultValue={line.price}
              errors={errors[`price_${index}`]}
            />
            <Field
              label={t("quotes.editor.vat")}
              name={`vat_${index}`}
              inputMode="decimal"
              defaultValue={line.vat}
              errors={errors[`vat_${index}`]}
            />
            <div className="flex items-end">
              <button
                type="submit"
                name="intent"
                value={`remove-${index}`}
                className={secondaryButton}
              >
                {t("quotes.editor.removeLine", { number: index + 1 })}
              </button>
            </div>
          </div>
        ))}
        <button type="submit" name="intent" value="add" className={secondaryButton}>
          {t("quotes.editor.addLine")}
        </button>
      </fieldset>
      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{t("quotes.subtotal")}</dt>
        <dd className="text-right">{totals.subtotal}</dd>
        <dt>{t("quotes.vat")}</dt>
        <dd className="text-right">{totals.vat}</dd>
        <dt className="font-bold">{t("quotes.total")}</dt>
        <dd className="text-right font-bold" data-quote-total="">
          {totals.total}
        </dd>
      </dl>
      <p className="text-sm text-slate-700">{t("quotes.editor.totalsHint")}</p>
      <LiveTotals
        naming="quote"
        locale={t.locale}
        labels={{
          heading: t("quotes.editor.liveHeading"),
          incomplete: t("quotes.editor.liveIncomplete"),
          subtotal: t("quotes.subtotal"),
          vat: t("quotes.vat"),
          total: t("quotes.total"),
        }}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="save" pendingLabel={t("quotes.editor.saving")}>
          {t("quotes.editor.save")}
        </SubmitButton>
        <button type="submit" name="intent" value="send" className={secondaryButton}>
          {t("quotes.editor.send")}
        </button>
      </div>
    </Form>
  );
}
