import { z } from "zod";
import { BARE_ADDRESS, EMAIL_SHAPE } from "~/domain/email-field.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { LOCALES, type Locale } from "~/i18n/locale";
import { type Translator, translator } from "~/i18n/translate.server";
import type { FieldRules } from "~/infra/form-fields.server";
import type { ReadOptions } from "~/infra/forms.server";
import { parseAmount } from "../price-text";
import { type Draft, editorFormNames } from "./draft";
import {
  type FieldSpec,
  type KindSpec,
  NETWORK_NAMES,
  OFFICE_ADDRESSES,
  PRICE_MAX,
  PRICE_NAMES,
  PRICE_UNITS,
  PROCESS_LIMITS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "./fields";
import { OFFICE_ROW, offices, phoneNumber } from "./settings-fields.server";
import { isNetworkUrl, isSiteEmail, isTextLine, isTextParagraph } from "./stored-rules";

/**
 * The server's check of an editor form (built from the kind's descriptor, worded in the admin's
 * language): every text trimmed and bounded as the database bounds it, one-line texts without
 * line breaks or control characters (stored-rules.ts, which the database checks too), English
 * required, HTML sanitized with the posts' allow-list, prices, slugs, images, e-mails, phone
 * numbers and social links checked. It validates a Draft (draft.ts) and answers the columns to store, or errors keyed
 * by the form's field names (`title.en`, `features[2].fr`, `price_max`).
 */
type Issue = { path: (string | number)[]; message: string };
type Ctx = z.RefinementCtx;

const trimmed = (v: string) => v.trim();
/** An image of the site: a built-in file under /images/ or an upload under /media/ (is_site_image). */
const SITE_IMAGE = /^\/(images|media)\/[A-Za-z0-9._/-]{1,200}$/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The database's shape of a social link (public.is_social_links). */
const SOCIAL_URL = /^https:\/\/[^\s/]+\.[^\s]{2,}$/;

export function isSiteImage(value: string): boolean {
  return SITE_IMAGE.test(value) && !value.includes("..");
}

/** What a text of each shape may hold (one line; a paragraph or HTML: line breaks too). */
type Shape = "line" | "paragraph" | "html";

/** The message for characters `text` may not hold in its shape, or null. */
function charactersProblem(t: Translator, text: string, shape: Shape): string | null {
  if (shape === "line") return isTextLine(text) ? null : t("siteEditor.validation.oneLine");
  return isTextParagraph(text) ? null : t("siteEditor.validation.controlCharacters");
}

/** A translated text: each language trimmed (HTML sanitized), English required, each bounded. */
function translatedText(t: Translator, max: number, shape: Shape) {
  const text = z.string();
  return z.object({ en: text, sw: text, fr: text }).transform((value, ctx: Ctx) => {
    const out: Partial<Record<Locale, string>> = {};
    let englishRefused = false;
    for (const lang of LOCALES) {
      const raw = value[lang].trim();
      const clean = shape === "html" && raw.length <= max * 2 ? sanitizePostHtml(raw).trim() : raw;
      const problem =
        clean.length > max
          ? t("siteEditor.validation.tooLong", { max })
          : charactersProblem(t, clean, shape);
      if (problem) {
        ctx.addIssue({ code: "custom", path: [lang], message: problem });
        englishRefused ||= lang === "en";
      } else if (clean) out[lang] = clean;
    }
    if (!out.en && !englishRefused) {
      const message = t("siteEditor.validation.englishRequired");
      ctx.addIssue({ code: "custom", path: ["en"], message });
    }
    return out as { en: string; sw?: string; fr?: string };
  });
}

function rows<T extends z.ZodType>(t: Translator, item: T, max: number) {
  return z.array(item).max(max, { error: t("siteEditor.validation.tooManyRows", { max }) });
}

function plainText(t: Translator, field: FieldSpec) {
  const max = field.max ?? 256;
  const min = field.min ?? 0;
  return z
    .string()
    .transform(trimmed)
    .check((ctx) => {
      const v = ctx.value;
      const say = (message: string) => ctx.issues.push({ code: "custom", message, input: v });
      if (!v && !field.optional) say(t("siteEditor.validation.required"));
      else if (v && v.length < min) say(t("siteEditor.validation.tooShort", { min }));
      else if (v.length > max) say(t("siteEditor.validation.tooLong", { max }));
      else if (!isTextLine(v)) say(t("siteEditor.validation.oneLine"));
    });
}

function price(t: Translator) {
  return z.object({ min: z.string(), max: z.string(), unit: z.string() }).transform((v, ctx) => {
    const issue = (key: "min" | "max" | "unit", message: string) =>
      ctx.addIssue({ code: "custom", path: [key], message });
    /** The amount typed in `key`: null when empty, undefined when refused (with its issue). */
    const amount = (key: "min" | "max"): number | null | undefined => {
      const text = v[key].trim();
      if (text === "") return null;
      const value = parseAmount(text);
      const problem = /^-/.test(text)
        ? "siteEditor.validation.negative"
        : value === null
          ? "siteEditor.validation.amount"
          : value > PRICE_MAX
            ? "siteEditor.validation.amountTooLarge"
            : null;
      if (problem === null) return value;
      issue(key, t(problem));
      return undefined;
    };
    const min = amount("min");
    const max = amount("max");
    if (min === null) issue("min", t("siteEditor.validation.required"));
    if (typeof min === "number" && typeof max === "number" && max < min) {
      issue("max", t("siteEditor.validation.maxBelowMin"));
    }
    if (!(PRICE_UNITS as readonly string[]).includes(v.unit)) {
      issue("unit", t("siteEditor.validation.choice"));
    }
    return { min: min ?? 0, max: max ?? null, unit: v.unit };
  });
}

function socialLink(t: Translator) {
  return z.object({ network: z.string(), url: z.string() }).transform((v, ctx) => {
    const url = v.url.trim();
    const network = v.network as SocialNetwork;
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      ctx.addIssue({
        code: "custom",
        path: ["network"],
        message: t("siteEditor.validation.choice"),
      });
      return { network: v.network, url };
    }
    let host = "";
    try {
      const parsed = new URL(url);
      host = parsed.protocol === "https:" && !parsed.username ? parsed.hostname : "";
    } catch {}
    if (!host || url.length > 300 || !SOCIAL_URL.test(url)) {
      ctx.addIssue({ code: "custom", path: ["url"], message: t("siteEditor.validation.httpsUrl") });
    } else if (!isNetworkUrl(network, url)) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: t("siteEditor.validation.network", { network: NETWORK_NAMES[network] }),
      });
    }
    return { network, url };
  });
}

function textChoice(t: Translator, allowed: readonly string[]) {
  return z
    .string()
    .refine((v) => allowed.includes(v), { error: t("siteEditor.validation.choice") });
}

function fieldSchema(t: Translator, field: FieldSpec, categoryIds: readonly number[]): z.ZodType {
  const max = field.max ?? 256;
  switch (field.type) {
    case "translated":
      return translatedText(t, max, "line");
    case "translatedLong":
      return translatedText(t, max, "paragraph");
    case "translatedHtml":
      return translatedText(t, max, "html");
    case "translatedList":
      return rows(t, translatedText(t, max, "line"), field.items ?? 0);
    case "processSteps":
      return rows(
        t,
        z.object({
          title: translatedText(t, PROCESS_LIMITS.title, "line"),
          description: translatedText(t, PROCESS_LIMITS.description, "paragraph"),
        }),
        field.items ?? 0,
      );
    case "textList":
      return rows(
        t,
        z
          .string()
          .transform(trimmed)
          .refine((v) => v.length <= max, { error: t("siteEditor.validation.tooLong", { max }) })
          .refine(isTextLine, { error: t("siteEditor.validation.oneLine") }),
        field.items ?? 0,
      );
    case "offices":
      return offices(t, rows(t, OFFICE_ROW, field.items ?? 0));
    case "socialLinks":
      return rows(t, socialLink(t), field.items ?? 0);
    case "price":
      return price(t);
    case "text":
      return plainText(t, field);
    case "phone":
      return phoneNumber(t, field);
    case "email":
      return z
        .string()
        .transform(trimmed)
        .check((ctx) => {
          const v = ctx.value;
          const say = (message: string) => ctx.issues.push({ code: "custom", message, input: v });
          if (!v) say(t("siteEditor.validation.required"));
          else if (v.length > max) say(t("siteEditor.validation.tooLong", { max }));
          else if (!EMAIL_SHAPE.test(v) || !BARE_ADDRESS.test(v) || !isSiteEmail(v))
            say(t("siteEditor.validation.email"));
        });
    case "number": {
      const [lo, hi] = field.range ?? [0, 0];
      return z
        .string()
        .refine((v) => /^\d{1,6}$/.test(v.trim()) && Number(v) >= lo && Number(v) <= hi, {
          error: t("siteEditor.validation.wholeNumber", { min: lo, max: hi }),
        })
        .transform((v) => Number(v));
    }
    case "select":
      return textChoice(t, field.options ?? []);
    case "category":
      return z
        .string()
        .refine((v) => /^\d{1,18}$/.test(v) && categoryIds.includes(Number(v)), {
          error: t("siteEditor.validation.category"),
        })
        .transform((v) => Number(v));
    case "image":
      return z
        .string()
        .transform(trimmed)
        .refine((v) => v === "" || isSiteImage(v), { error: t("siteEditor.validation.image") })
        .transform((v) => v || null);
    case "slug":
      return z
        .string()
        .transform(trimmed)
        .refine((v) => v.length <= max && SLUG.test(v), { error: t("siteEditor.validation.slug") });
    case "boolean":
      return z.boolean();
    case "date":
      return z
        .string()
        .transform(trimmed)
        .refine(
          (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)),
          {
            error: t("siteEditor.validation.date"),
          },
        )
        .transform((v) => `${v}T12:00:00.000Z`);
  }
}

/** The schema of a kind's form, in `locale`; `categoryIds` are the projects' categories. */
export function editorSchema(kind: KindSpec, locale: Locale, categoryIds: readonly number[] = []) {
  const t = translator(locale);
  const shape: Record<string, z.ZodType> = {};
  for (const field of kind.fields) shape[field.name] = fieldSchema(t, field, categoryIds);
  return z.object(shape);
}

/** The form name an issue is about: ["features", 2, "en"] → `features[2].en`, price → `price_min`. */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path;
  if (first === "price" && typeof rest[0] === "string") {
    return PRICE_NAMES[rest[0] as keyof typeof PRICE_NAMES] ?? "price";
  }
  return rest.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : `${name}.${String(part)}`),
    String(first ?? ""),
  );
}

export type FieldErrors = Record<string, string[]>;

/** The columns to store, or the errors to show next to the fields. */
export function validateDraft(
  kind: KindSpec,
  draft: Draft,
  locale: Locale,
  categoryIds: readonly number[] = [],
): { ok: true; values: Record<string, unknown> } | { ok: false; errors: FieldErrors } {
  const parsed = editorSchema(kind, locale, categoryIds).safeParse(draft);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues as Issue[]) {
    const name = fieldNameOf(issue.path);
    const list = errors[name] ?? [];
    if (!list.includes(issue.message)) errors[name] = [...list, issue.message];
  }
  return { ok: false, errors };
}

/** The validated values as database columns (a price becomes price_min/max/unit). */
export function columnsOf(
  kind: KindSpec,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const field of kind.fields) {
    const value = values[field.name];
    if (field.type === "price") {
      const p = value as { min: number; max: number | null; unit: string };
      row[PRICE_NAMES.min] = p.min;
      row[PRICE_NAMES.max] = p.max;
      row[PRICE_NAMES.unit] = p.unit;
    } else if (field.type === "offices") {
      const list = value as { city: string; address: string }[];
      row[field.name] = list.map((office) => office.city);
      row[OFFICE_ADDRESSES] = Object.fromEntries(
        list.filter((office) => office.address).map((office) => [office.city, office.address]),
      );
    } else row[field.name] = value;
  }
  return row;
}

const forms = new Map<KindSpec, { rules: FieldRules; options: ReadOptions }>();

/**
 * What the kind's form may post (app/infra/forms.server.ts reads nothing else): each of its
 * names once — `title.de`, `features[20].en` or a second `title.en` refuse the whole form —
 * multipart when it uploads an image.
 */
export function editorForm(kind: KindSpec): { rules: FieldRules; options: ReadOptions } {
  let form = forms.get(kind);
  if (!form) {
    const names = editorFormNames(kind);
    form = {
      rules: new Map(names.map(([name, maxLength]) => [name, { repeats: 1, maxLength }])),
      options: {
        multipart: kind.fields.some((field) => field.type === "image"),
        maxFields: names.length,
      },
    };
    forms.set(kind, form);
  }
  return form;
}
