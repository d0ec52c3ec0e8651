import { type MouseEvent, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { controlClasses, ErrorList } from "~/components/forms/field-frame";
import { fieldIdOf } from "~/components/forms/field-id";
import { SvgIcon } from "~/components/icons";
import type { LangText, LinkDraft, OfficeDraft, StepDraft } from "~/domain/site/editor/draft";
import { emptyText, rowsHeadingFocus } from "~/domain/site/editor/draft";
import {
  type FieldSpec,
  NETWORK_NAMES,
  OFFICE_LIMITS,
  PROCESS_LIMITS,
  SOCIAL_NETWORKS,
} from "~/domain/site/editor/fields";
import { useT } from "~/i18n/use-t";
import { secondaryButton } from "../admin-page";
import { type ErrorsOf, LangInputs } from "./lang-inputs";

type Row = LangText | StepDraft | LinkDraft | OfficeDraft | string;

function emptyRow(field: FieldSpec): Row {
  if (field.type === "translatedList") return emptyText();
  if (field.type === "processSteps") return { title: emptyText(), description: emptyText() };
  if (field.type === "socialLinks") return { network: "facebook", url: "" };
  if (field.type === "offices") return { city: "", address: "" };
  return "";
}

const smallButton = `${secondaryButton} px-3 py-1.5 text-sm`;

/** One row's inputs, named `${field}[${index}]…`. */
function RowInputs({
  field,
  row,
  base,
  label,
  errorsOf,
}: {
  field: FieldSpec;
  row: Row;
  base: string;
  label: string;
  errorsOf: ErrorsOf;
}) {
  const t = useT();
  const max = field.max ?? 200;
  /** The error summary's target while `name` has errors. */
  const idOf = (name: string) => (errorsOf(name) ? fieldIdOf(name) : undefined);
  switch (field.type) {
    case "translatedList":
      return (
        <LangInputs
          base={base}
          label={label}
          value={row as LangText}
          shape="line"
          max={max}
          errorsOf={errorsOf}
          legend={false}
        />
      );
    case "processSteps": {
      const step = row as StepDraft;
      return (
        <div className="space-y-4">
          <LangInputs
            base={`${base}.title`}
            label={`${label}, ${t("siteEditor.fields.stepTitle")}`}
            value={step.title}
            shape="line"
            max={PROCESS_LIMITS.title}
            errorsOf={errorsOf}
          />
          <LangInputs
            base={`${base}.description`}
            label={`${label}, ${t("siteEditor.fields.stepDescription")}`}
            value={step.description}
            shape="long"
            max={PROCESS_LIMITS.description}
            errorsOf={errorsOf}
          />
        </div>
      );
    }
    case "socialLinks": {
      const link = row as LinkDraft;
      return (
        <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <label className="block text-sm font-medium text-slate-800">
            {t("siteEditor.fields.network")}
            <select
              id={idOf(`${base}.network`)}
              name={`${base}.network`}
              defaultValue={link.network}
              aria-label={`${label}, ${t("siteEditor.fields.network")}`}
              className={`${controlClasses(Boolean(errorsOf(`${base}.network`)))} bg-white`}
            >
              {SOCIAL_NETWORKS.map((network) => (
                <option key={network} value={network}>
                  {NETWORK_NAMES[network]}
                </option>
              ))}
            </select>
          </label>
          <label className="block min-w-0 text-sm font-medium text-slate-800">
            {t("siteEditor.fields.url")}
            <input
              id={idOf(`${base}.url`)}
              type="url"
              inputMode="url"
              name={`${base}.url`}
              defaultValue={link.url}
              maxLength={300}
              placeholder="https://"
              aria-label={`${label}, ${t("siteEditor.fields.url")}`}
              aria-invalid={errorsOf(`${base}.url`) ? true : undefined}
              className={`${controlClasses(Boolean(errorsOf(`${base}.url`)))} bg-white`}
            />
            <ErrorList id={`${base}-url-error`} errors={errorsOf(`${base}.url`)} />
          </label>
        </div>
      );
    }
    case "offices":
      return (
        <OfficeInputs office={row as OfficeDraft} base={base} label={label} errorsOf={errorsOf} />
      );
    default:
      return (
        <>
          <input
            id={idOf(base)}
            type="text"
            name={base}
            defaultValue={row as string}
            maxLength={max}
            aria-label={label}
            aria-invalid={errorsOf(base) ? true : undefined}
            className={`${controlClasses(Boolean(errorsOf(base)))} mt-0 bg-white`}
          />
          <ErrorList id={`${base}-error`} errors={errorsOf(base)} />
        </>
      );
  }
}

/** An office's city (`cities[i]`, as the cities were named before they had addresses) and address. */
function OfficeInputs({
  office,
  base,
  label,
  errorsOf,
}: {
  office: OfficeDraft;
  base: string;
  label: string;
  errorsOf: ErrorsOf;
}) {
  const t = useT();
  const input = (name: string, value: string, max: number, text: string) => (
    <label className="block min-w-0 text-sm font-medium text-slate-800">
      {text}
      <input
        id={errorsOf(name) ? fieldIdOf(name) : undefined}
        type="text"
        name={name}
        defaultValue={value}
        maxLength={max}
        aria-label={`${label}, ${text}`}
        aria-invalid={errorsOf(name) ? true : undefined}
        className={`${controlClasses(Boolean(errorsOf(name)))} bg-white`}
      />
      <ErrorList id={`${name}-error`} errors={errorsOf(name)} />
    </label>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
      {input(base, office.city, OFFICE_LIMITS.city, t("siteEditor.fields.city"))}
      {input(
        `${base}.address`,
        office.address,
        OFFICE_LIMITS.address,
        t("siteEditor.fields.streetAddress"),
      )}
    </div>
  );
}

let lastKey = 0;
const nextKey = () => {
  lastKey += 1;
  return lastKey;
};

/**
 * A repeatable list (features, process steps, technologies, tags, cities, social links): one
 * box per row with Remove, and Add below. Without JS both are submit buttons the server answers
 * with the form re-rendered (every typed value kept); with JS they change the rows at once.
 */
export function RowsField({
  field,
  label,
  rows: initial,
  errorsOf,
  focus,
  fold,
}: {
  field: FieldSpec;
  label: string;
  rows: Row[];
  errorsOf: ErrorsOf;
  /** The control the server's answer to a Remove focuses (rowsFocusAfterRemove), without JS. */
  focus?: string;
  /**
   * Folded into a `<details>` (a long editor's section): open when its rows have an error or
   * were just added or removed, or (with JS) while the admin keeps it open.
   */
  fold?: { open: boolean; onToggle: (open: boolean) => void };
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() => initial.map((row) => ({ key: nextKey(), row })));
  // Rows removed in the browser shift the server's row numbers: its errors no longer apply.
  const [reshaped, setReshaped] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  const items = field.items ?? 0;
  const compact = field.type === "textList";
  const errors: ErrorsOf = (name) => (reshaped ? undefined : errorsOf(name));

  const add = (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setRows((current) => [...current, { key: nextKey(), row: emptyRow(field) }]);
    requestAnimationFrame(() =>
      listRef.current?.lastElementChild?.querySelector<HTMLElement>("input, textarea")?.focus(),
    );
  };
  // Focus stays in the list: on the next row's Remove, or its heading when the last went.
  const remove = (key: number, index: number) => (event: MouseEvent) => {
    if (!hydrated) return;
    event.preventDefault();
    setReshaped(true);
    setRows((current) => current.filter((r) => r.key !== key));
    requestAnimationFrame(() => {
      const next =
        listRef.current?.children[index]?.querySelector<HTMLElement>(`button[name="intent"]`);
      (next ?? legendRef.current)?.focus();
    });
  };

  const list = (
    <fieldset
      id={errors(field.name) ? fieldIdOf(field.name) : undefined}
      className="min-w-0 rounded-lg border border-slate-200 p-4"
    >
      <legend
        ref={legendRef}
        tabIndex={-1}
        // biome-ignore lint/a11y/noAutofocus: a Remove answered without JS keeps focus in the list
        autoFocus={focus === rowsHeadingFocus(field.name)}
        className="px-1 text-sm font-semibold text-slate-900"
      >
        {label}
      </legend>
      {field.hint ? <p className="mb-3 text-sm text-slate-600">{t(field.hint)}</p> : null}
      <ol ref={listRef} className="space-y-3">
        {rows.map(({ key, row }, index) => {
          const base = `${field.name}[${index}]`;
          const rowLabel = t("siteEditor.form.row", { n: index + 1 });
          return (
            <li
              key={key}
              className={compact ? "flex items-start gap-2" : "rounded-lg bg-slate-50 p-3"}
            >
              {compact ? null : (
                <p className="mb-2 text-sm font-semibold text-slate-700">{rowLabel}</p>
              )}
              <div className="min-w-0 flex-1">
                <RowInputs
                  field={field}
                  row={row}
                  base={base}
                  label={`${label}, ${rowLabel}`}
                  errorsOf={errors}
                />
              </div>
              <button
                type="submit"
                name="intent"
                value={`remove:${field.name}:${index}`}
                formNoValidate
                onClick={remove(key, index)}
                // biome-ignore lint/a11y/noAutofocus: a Remove answered without JS keeps focus in the list
                autoFocus={focus === `remove:${field.name}:${index}`}
                className={`${smallButton} ${compact ? "" : "mt-3"}`}
                aria-label={t("siteEditor.form.removeRow", { row: `${label}, ${rowLabel}` })}
              >
                {t("siteEditor.form.remove")}
              </button>
            </li>
          );
        })}
      </ol>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("siteEditor.form.noRows")}</p>
      ) : null}
      <ErrorList id={`${field.name}-error`} errors={errors(field.name)} />
      {rows.length < items ? (
        <button
          type="submit"
          name="intent"
          value={`add:${field.name}`}
          formNoValidate
          onClick={add}
          className={`${smallButton} mt-3`}
        >
          {t("siteEditor.form.addRow", { field: label })}
        </button>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {t("siteEditor.form.rowsFull", { max: items })}
        </p>
      )}
    </fieldset>
  );
  if (!fold) return list;
  return (
    <details
      open={fold.open}
      onToggle={(event) => fold.onToggle(event.currentTarget.open)}
      className="group min-w-0"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 group-open:mb-3 [&::-webkit-details-marker]:hidden">
        <SvgIcon
          name="chevronRight"
          width={20}
          height={20}
          className="shrink-0 transition-transform group-open:rotate-90"
        />
        <span className="min-w-0 flex-1">{label}</span>
        <span className="shrink-0 text-sm font-medium text-slate-700">
          {t("siteEditor.form.rowCount", { count: rows.length })}
        </span>
      </summary>
      {list}
    </details>
  );
}
