import { formatKes } from "~/i18n/format";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/i18n/locale";
import type { MessageKey } from "~/i18n/messages";
import { clipWithEllipsis } from "~/lib/text";
import {
  type Draft,
  draftFromRow,
  type LangText,
  type LinkDraft,
  type OfficeDraft,
  type PriceDraft,
} from "./draft";
import type { FieldSpec, KindSpec } from "./fields";

/**
 * What changed between two revisions of an item, field by field, in words an admin reads:
 * "Description · Kiswahili: “…” → “…”", "Features · row 3 · Français: added “…”".
 */
export interface Change {
  /** The field's label, its row and its language: ["Features", "row 3", "Français"]. */
  where: string[];
  before: string;
  after: string;
}

/** Whatever has a history: a kind of the site's content, or posts (their own fields). */
export type HistorySubject = Pick<KindSpec, "fields" | "nameField"> & { entity: string };

/** The admin's translator (its `locale` formats amounts). */
type Say = ((key: MessageKey, values?: Record<string, string | number>) => string) & {
  locale: Locale;
};

const CLIP = 160;

/** A value as one short line (HTML tags dropped, whitespace folded, clipped). */
function shortText(value: string): string {
  const text = value
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clipWithEllipsis(text, CLIP);
}

function textChanges(where: string[], before: LangText, after: LangText): Change[] {
  return LOCALES.filter((lang) => before[lang] !== after[lang]).map((lang) => ({
    where: [...where, LOCALE_NAMES[lang]],
    before: shortText(before[lang]),
    after: shortText(after[lang]),
  }));
}

function rowChanges<T>(
  where: string[],
  before: T[],
  after: T[],
  say: Say,
  compare: (where: string[], a: T | undefined, b: T | undefined) => Change[],
): Change[] {
  const length = Math.max(before.length, after.length);
  return Array.from({ length }, (_, i) =>
    compare([...where, say("siteEditor.history.row", { n: i + 1 })], before[i], after[i]),
  ).flat();
}

const blankText: LangText = { en: "", sw: "", fr: "" };

function priceText(p: PriceDraft, say: Say): string {
  if (!p.min) return "";
  const amount = (text: string) => formatKes(Number(text), say.locale);
  const unit = say(`siteEditor.units.${p.unit}` as MessageKey);
  return `${amount(p.min)}${p.max ? ` – ${amount(p.max)}` : ""} ${unit}`;
}

function fieldChanges(field: FieldSpec, before: Draft, after: Draft, say: Say): Change[] {
  const where = [say(field.label)];
  const a = before[field.name];
  const b = after[field.name];
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  switch (field.type) {
    case "translated":
    case "translatedLong":
    case "translatedHtml":
      return textChanges(where, a as LangText, b as LangText);
    case "translatedList":
      return rowChanges(where, a as LangText[], b as LangText[], say, (w, x, y) =>
        textChanges(w, x ?? blankText, y ?? blankText),
      );
    case "processSteps":
      return rowChanges(
        where,
        a as { title: LangText; description: LangText }[],
        b as { title: LangText; description: LangText }[],
        say,
        (w, x, y) => [
          ...textChanges(
            [...w, say("siteEditor.fields.stepTitle")],
            x?.title ?? blankText,
            y?.title ?? blankText,
          ),
          ...textChanges(
            [...w, say("siteEditor.fields.stepDescription")],
            x?.description ?? blankText,
            y?.description ?? blankText,
          ),
        ],
      );
    case "textList":
      return [{ where, before: (a as string[]).join(", "), after: (b as string[]).join(", ") }];
    case "offices": {
      const text = (offices: OfficeDraft[]) =>
        offices.map((o) => (o.address ? `${o.city} (${o.address})` : o.city)).join(", ");
      return [{ where, before: text(a as OfficeDraft[]), after: text(b as OfficeDraft[]) }];
    }
    case "socialLinks": {
      const text = (links: LinkDraft[]) => links.map((l) => l.url).join(", ");
      return [{ where, before: text(a as LinkDraft[]), after: text(b as LinkDraft[]) }];
    }
    case "price":
      return [
        { where, before: priceText(a as PriceDraft, say), after: priceText(b as PriceDraft, say) },
      ];
    case "boolean": {
      const yesNo = (v: unknown) => say(v ? "siteEditor.history.yes" : "siteEditor.history.no");
      return [{ where, before: yesNo(a), after: yesNo(b) }];
    }
    case "select": {
      const label = (v: unknown) =>
        field.optionLabels && v
          ? say(`${field.optionLabels}.${String(v)}` as MessageKey)
          : String(v);
      return [{ where, before: label(a), after: label(b) }];
    }
    default:
      return [{ where, before: shortText(String(a ?? "")), after: shortText(String(b ?? "")) }];
  }
}

/** Every field that differs between two stored rows of `subject`. */
export function changesBetween(
  subject: HistorySubject,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  say: Say,
): Change[] {
  const kind = subject as KindSpec;
  const a = draftFromRow(kind, before);
  const b = draftFromRow(kind, after);
  return subject.fields.flatMap((field) => fieldChanges(field, a, b, say));
}
