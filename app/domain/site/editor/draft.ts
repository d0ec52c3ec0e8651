import { LOCALES, type Locale } from "~/i18n/locale";
import {
  type FieldSpec,
  fileFieldOf,
  type KindSpec,
  OFFICE_ADDRESSES,
  OFFICE_LIMITS,
  PRICE_NAMES,
  PROCESS_LIMITS,
  ROW_TYPES,
} from "./fields";

/**
 * An editor form's values as typed (isomorphic): what the form renders, what a failed save,
 * a preview or an added row echoes back, and what the history compares. Every text is a
 * string ("" when empty), so nothing typed is ever lost or reshaped on the way back.
 */
export type LangText = Record<Locale, string>;
export interface StepDraft {
  title: LangText;
  description: LangText;
}
export interface LinkDraft {
  network: string;
  url: string;
}
/** An office: its city (the form's `cities[i]`) and street address (`cities[i].address`). */
export interface OfficeDraft {
  city: string;
  address: string;
}
export interface PriceDraft {
  min: string;
  max: string;
  unit: string;
}
export type DraftValue =
  | string
  | boolean
  | LangText
  | LangText[]
  | StepDraft[]
  | string[]
  | LinkDraft[]
  | OfficeDraft[]
  | PriceDraft;
export type Draft = Record<string, DraftValue>;

export const emptyText = (): LangText => ({ en: "", sw: "", fr: "" });
const emptyStep = (): StepDraft => ({ title: emptyText(), description: emptyText() });

const str = (value: unknown) => (typeof value === "string" ? value : "");

function langTextOf(value: unknown): LangText {
  const source = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  return { en: str(source.en), sw: str(source.sw), fr: str(source.fr) };
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const numberText = (value: unknown) =>
  typeof value === "number" || (typeof value === "string" && value !== "")
    ? String(Number(value))
    : "";

/** A field's value as the form shows it, from a stored row's column(s). */
function fromRow(field: FieldSpec, row: Record<string, unknown>): DraftValue {
  const value = row[field.name];
  switch (field.type) {
    case "translated":
    case "translatedLong":
    case "translatedHtml":
      return langTextOf(value);
    case "translatedList":
      return arrayOf(value).map(langTextOf);
    case "processSteps":
      return arrayOf(value).map((step) => {
        const s = (step ?? {}) as Record<string, unknown>;
        return { title: langTextOf(s.title), description: langTextOf(s.description) };
      });
    case "textList":
      return arrayOf(value).map(str);
    case "offices": {
      const addresses = (row[OFFICE_ADDRESSES] ?? {}) as Record<string, unknown>;
      return arrayOf(value).map((city) => ({
        city: str(city),
        address: Object.hasOwn(addresses, str(city)) ? str(addresses[str(city)]) : "",
      }));
    }
    case "socialLinks":
      return arrayOf(value).map((link) => {
        const l = (link ?? {}) as Record<string, unknown>;
        return { network: str(l.network), url: str(l.url) };
      });
    case "price":
      return {
        min: numberText(row[PRICE_NAMES.min]),
        max: numberText(row[PRICE_NAMES.max]),
        unit: str(row[PRICE_NAMES.unit]) || "project",
      };
    case "boolean":
      return value === true;
    case "number":
    case "category":
      return numberText(value);
    case "date":
      return typeof value === "string" ? value.slice(0, 10) : "";
    default:
      return str(value);
  }
}

/** What a new item's form starts with. */
function initial(field: FieldSpec): DraftValue {
  switch (field.type) {
    case "translated":
    case "translatedLong":
    case "translatedHtml":
      return emptyText();
    case "translatedList":
    case "processSteps":
    case "textList":
    case "offices":
    case "socialLinks":
      return [];
    case "price":
      return { min: "", max: "", unit: "project" };
    case "boolean":
      return field.initial === true;
    case "number":
      return field.range ? String(field.range[1]) : "";
    case "select":
      return field.options?.[0] ?? "";
    default:
      return "";
  }
}

/** The form's values for a stored item, or a new item's. */
export function draftFromRow(kind: KindSpec, row: Record<string, unknown> | null): Draft {
  const draft: Draft = {};
  for (const field of kind.fields) draft[field.name] = row ? fromRow(field, row) : initial(field);
  return draft;
}

const LANG_NAMES = (base: string) => LOCALES.map((lang) => `${base}.${lang}` as const);

/** Every form name a field posts, with the longest value worth reading of each. */
export function formNamesOf(field: FieldSpec): [name: string, maxLength: number][] {
  const max = field.max ?? 256;
  const texts = (base: string, limit: number) =>
    LANG_NAMES(base).map((name) => [name, limit] as [string, number]);
  const rows = (each: (base: string) => [string, number][]) =>
    Array.from({ length: field.items ?? 0 }, (_, i) => each(`${field.name}[${i}]`)).flat();
  switch (field.type) {
    case "translated":
    case "translatedLong":
      return texts(field.name, max + 1);
    case "translatedHtml":
      // Sanitizing may shorten it: read up to twice the stored limit (see schema.server.ts).
      return texts(field.name, max * 2 + 1);
    case "translatedList":
      return rows((base) => texts(base, max + 1));
    case "processSteps":
      return rows((base) => [
        ...texts(`${base}.title`, PROCESS_LIMITS.title + 1),
        ...texts(`${base}.description`, PROCESS_LIMITS.description + 1),
      ]);
    case "textList":
      return rows((base) => [[base, max + 1]]);
    case "offices":
      return rows((base) => [
        [base, OFFICE_LIMITS.city + 1],
        [`${base}.address`, OFFICE_LIMITS.address + 1],
      ]);
    case "socialLinks":
      return rows((base) => [
        [`${base}.network`, 20],
        [`${base}.url`, 301],
      ]);
    case "price":
      return [
        [PRICE_NAMES.min, 40],
        [PRICE_NAMES.max, 40],
        [PRICE_NAMES.unit, 20],
      ];
    case "image":
      return [[field.name, 260]];
    case "boolean":
      return [[field.name, 10]];
    case "number":
    case "category":
    case "date":
    case "select":
      return [[field.name, 40]];
    default:
      return [[field.name, max + 1]];
  }
}

/** Reads one value of a form (absent → ""). */
type Read = (name: string) => string;

function langTextFrom(read: Read, base: string): LangText {
  return { en: read(`${base}.en`), sw: read(`${base}.sw`), fr: read(`${base}.fr`) };
}

/** The rows of a list field present in the form (a row counts when any of its names is sent). */
function rowIndexes(has: (name: string) => boolean, field: FieldSpec): number[] {
  const names = formNamesOf(field);
  const indexes = new Set<number>();
  for (const [name] of names) {
    const index = /^[^[]+\[(\d+)\]/.exec(name)?.[1];
    if (index !== undefined && has(name)) indexes.add(Number(index));
  }
  return [...indexes].sort((a, b) => a - b);
}

function fromForm(field: FieldSpec, read: Read, has: (name: string) => boolean): DraftValue {
  const rows = () => rowIndexes(has, field).map((i) => `${field.name}[${i}]`);
  switch (field.type) {
    case "translated":
    case "translatedLong":
    case "translatedHtml":
      return langTextFrom(read, field.name);
    case "translatedList":
      return rows().map((base) => langTextFrom(read, base));
    case "processSteps":
      return rows().map((base) => ({
        title: langTextFrom(read, `${base}.title`),
        description: langTextFrom(read, `${base}.description`),
      }));
    case "textList":
      return rows().map((base) => read(base));
    case "offices":
      return rows().map((base) => ({ city: read(base), address: read(`${base}.address`) }));
    case "socialLinks":
      return rows().map((base) => ({ network: read(`${base}.network`), url: read(`${base}.url`) }));
    case "price":
      return {
        min: read(PRICE_NAMES.min),
        max: read(PRICE_NAMES.max),
        unit: read(PRICE_NAMES.unit),
      };
    case "boolean":
      return read(field.name) === "on";
    default:
      return read(field.name);
  }
}

/**
 * The typed values of a submitted editor form (files aside). Browsers send a textarea's line
 * breaks as CRLF: they are read as the LF the stored texts have, so an untouched text stays
 * the same text.
 */
export function draftFromForm(kind: KindSpec, formData: FormData): Draft {
  const read: Read = (name) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  };
  const has = (name: string) => formData.has(name);
  const draft: Draft = {};
  for (const field of kind.fields) draft[field.name] = fromForm(field, read, has);
  return draft;
}

function blankRow(row: unknown): boolean {
  if (typeof row === "string") return row.trim() === "";
  if (typeof row !== "object" || row === null) return true;
  return Object.entries(row).every(([key, value]) =>
    key === "network" ? true : blankRow(value as unknown),
  );
}

/** The draft without rows left entirely empty (an added row nobody filled in). */
export function withoutBlankRows(kind: KindSpec, draft: Draft): Draft {
  const cleaned: Draft = { ...draft };
  for (const field of kind.fields) {
    if (!ROW_TYPES.includes(field.type)) continue;
    cleaned[field.name] = (draft[field.name] as unknown[]).filter(
      (row) => !blankRow(row),
    ) as DraftValue;
  }
  return cleaned;
}

function newRow(field: FieldSpec): unknown {
  if (field.type === "translatedList") return emptyText();
  if (field.type === "processSteps") return emptyStep();
  if (field.type === "socialLinks") return { network: "facebook", url: "" };
  if (field.type === "offices") return { city: "", address: "" };
  return "";
}

/** The draft with one more (empty) row in `fieldName`, unless the list is full. */
export function withRowAdded(kind: KindSpec, draft: Draft, fieldName: string): Draft {
  const field = kind.fields.find((f) => f.name === fieldName);
  if (!field || !ROW_TYPES.includes(field.type)) return draft;
  const rows = draft[fieldName] as unknown[];
  if (rows.length >= (field.items ?? 0)) return draft;
  return { ...draft, [fieldName]: [...rows, newRow(field)] as DraftValue };
}

/** The draft without row `index` of `fieldName`. */
export function withRowRemoved(
  kind: KindSpec,
  draft: Draft,
  fieldName: string,
  index: number,
): Draft {
  const field = kind.fields.find((f) => f.name === fieldName);
  if (!field || !ROW_TYPES.includes(field.type)) return draft;
  const rows = draft[fieldName] as unknown[];
  return { ...draft, [fieldName]: rows.filter((_, i) => i !== index) as DraftValue };
}

/** The focus name of a rows field's heading (its legend). */
export const rowsHeadingFocus = (fieldName: string) => `rows:${fieldName}`;

/**
 * What keeps focus after row `index` of `fieldName` was removed (`draft`: the rows left): the
 * next row's Remove (the intent it posts), or the list's heading when the last row went.
 */
export function rowsFocusAfterRemove(draft: Draft, fieldName: string, index: number): string {
  const rows = draft[fieldName];
  return Array.isArray(rows) && index < rows.length
    ? `remove:${fieldName}:${index}`
    : rowsHeadingFocus(fieldName);
}

/** Every name the kind's form may post: the fields', the file inputs' and the buttons'. */
export function editorFormNames(kind: KindSpec): [name: string, maxLength: number][] {
  const names = kind.fields.flatMap(formNamesOf);
  for (const field of kind.fields) {
    if (field.type === "image") names.push([fileFieldOf(field.name), 0]);
  }
  names.push(["intent", 80], ["version", 20]);
  return names;
}
