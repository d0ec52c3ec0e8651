import { Form } from "react-router";
import { secondaryButton } from "~/components/admin/admin-page";
import { CheckboxField } from "~/components/admin/checkbox-field";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors } from "~/lib/form-reply";
import { LiveTotals } from "./live-totals";

const FIELDS = ["description", "quantity", "unit_price", "vat_rate"] as const;
type Row = Record<(typeof FIELDS)[number], string>;

export interface EditorValues {
  rows: Row[];
  title: string;
  notes: string;
  dueDate: string;
  language: string;
  reminders: boolean;
}

/** What the editor shows: the typed values of the last answer, else the saved draft. */
export function editorValues(saved: EditorValues, reply: FieldReply | undefined): EditorValues {
  const typed = reply?.initialValue;
  if (!typed || typeof typed.rows !== "string") return saved;
  const text = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  return {
    rows: Array.from(
      { length: Number(typed.rows) },
      (_, i) => Object.fromEntries(FIELDS.map((f) => [f, text(`l${i}_${f}`)])) as Row,
    ),
    title: text("title"),
    notes: text("notes"),
    dueDate: text("due_date"),
    language: text("language") || saved.language,
    reminders: typed.reminders === "on",
  };
}

function LineRow({ row, index, reply }: { row: Row; index: number; reply?: FieldReply }) {
  const t = useT();
  const name = (field: (typeof FIELDS)[number]) => `l${index}_${field}`;
  const field = (
    f: (typeof FIELDS)[number],
    label: string,
    inputMode: "decimal" | "numeric" | "text",
    hint?: string,
  ) => (
    <Field
      label={label}
      hint={hint}
      name={name(f)}
      inputMode={inputMode}
      defaultValue={row[f]}
      errors={fieldErrors(reply, name(f))}
    />
  );
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" data-line={index}>
      <legend className="px-1 font-semibold">
        {t("adminBilling.draft.line", { n: index + 1 })}
      </legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr]">
        {field("description", t("adminBilling.draft.description"), "text")}
        {field("quantity", t("adminBilling.draft.quantity"), "numeric")}
        {field("unit_price", t("adminBilling.draft.unitPrice"), "decimal")}
        {field("vat_rate", t("adminBilling.draft.vatRate"), "decimal")}
      </div>
      <button
        type="submit"
        name="intent"
        value={`remove-${index}`}
        className={`${secondaryButton} mt-3`}
      >
        {t("adminBilling.draft.removeLine", { n: index + 1 })}
      </button>
    </fieldset>
  );
}

/**
 * A draft's editor: title, language, due date, notes, reminders and its lines. Add and Remove
 * are submit buttons (the server answers with a row more or less, nothing saved): no JavaScript
 * needed. Issue saves what is typed, then issues.
 */
export function AdminInvoiceEditor({
  values,
  answer,
  reply,
  paymentDays,
}: {
  values: EditorValues;
  answer: unknown;
  reply?: FieldReply;
  paymentDays: number;
}) {
  const t = useT();
  // A new answer's rows replace the form's: the key changes with every answer.
  const key = JSON.stringify(values.rows.length) + JSON.stringify(reply?.initialValue ?? null);
  return (
    <Form method="post" noValidate className="space-y-6" key={key}>
      {/* Enter in a field saves (the first submit button of the form is the one it presses). */}
      <button
        type="submit"
        name="intent"
        value="save"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
      >
        {t("adminBilling.draft.save")}
      </button>
      <ErrorSummary answer={answer} />
      <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <Field
          label={t("adminBilling.draft.invoiceTitle")}
          name="title"
          maxLength={200}
          defaultValue={values.title}
          errors={fieldErrors(reply, "title")}
        />
        <SelectField
          label={t("adminBilling.draft.language")}
          name="language"
          defaultValue={values.language}
          options={[
            { value: "en", label: "English", lang: "en" },
            { value: "sw", label: "Kiswahili", lang: "sw" },
            { value: "fr", label: "Français", lang: "fr" },
          ]}
        />
        <Field
          label={t("adminBilling.draft.dueDate")}
          hint={t("adminBilling.draft.dueDateHint", { days: paymentDays })}
          name="due_date"
          type="date"
          defaultValue={values.dueDate}
          errors={fieldErrors(reply, "due_date")}
        />
      </div>
      <TextareaField
        label={t("adminBilling.draft.notes")}
        name="notes"
        rows={3}
        defaultValue={values.notes}
        errors={fieldErrors(reply, "notes")}
      />
      <CheckboxField
        name="reminders"
        label={t("adminBilling.draft.reminders")}
        hint={t("adminBilling.draft.remindersHint")}
        defaultChecked={values.reminders}
      />
      <section aria-labelledby="draft-lines" className="space-y-4">
        <h2 id="draft-lines" className="text-xl font-bold text-slate-900">
          {t("adminBilling.draft.lines")}
        </h2>
        <p className="text-sm text-slate-600">{t("adminBilling.draft.unitPriceHint")}</p>
        {values.rows.length === 0 ? <p>{t("adminBilling.draft.noLines")}</p> : null}
        {values.rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are numbered fields; the form is re-keyed per answer
          <LineRow key={index} row={row} index={index} reply={reply} />
        ))}
        <button type="submit" name="intent" value="add" className={secondaryButton}>
          {t("adminBilling.draft.addLine")}
        </button>
        <LiveTotals
          naming="invoice"
          locale={t.locale}
          labels={{
            heading: t("adminBilling.draft.liveHeading"),
            incomplete: t("adminBilling.draft.liveIncomplete"),
            subtotal: t("adminBilling.draft.subtotal"),
            vat: t("adminBilling.draft.vat"),
            total: t("adminBilling.draft.total"),
          }}
        />
      </section>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton name="intent" value="save" pendingLabel={t("adminBilling.draft.saving")}>
          {t("adminBilling.draft.save")}
        </SubmitButton>
        <SubmitButton name="intent" value="issue" pendingLabel={t("adminBilling.draft.issuing")}>
          {t("adminBilling.draft.issue")}
        </SubmitButton>
      </div>
      <p className="text-sm text-slate-600">{t("adminBilling.draft.issueHint")}</p>
    </Form>
  );
}
