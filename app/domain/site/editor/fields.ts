import type { IconName } from "~/components/icons";
import type { MessageKey } from "~/i18n/messages";
import type { SiteEntity } from "~/infra/content-events";

/**
 * What the site editors in /admin are made of (isomorphic, plain data): the field types, one
 * descriptor per field, one descriptor per kind of content. The limits are the database's
 * (supabase/migrations/20261204000001_site_content.sql); the forms, their server-side schema,
 * the typed-value echo, the history's diff and the list are all built from these.
 */
export type FieldType =
  /** One line per language (English required). */
  | "translated"
  /** A paragraph per language. */
  | "translatedLong"
  /** HTML per language, sanitized on save (the posts' allow-list). */
  | "translatedHtml"
  /** Rows of one-line translated texts (a service's features). */
  | "translatedList"
  /** Rows of {title, description}, each translated (a service's process). */
  | "processSteps"
  /** Rows of plain texts, the same in every language (technologies, tags). */
  | "textList"
  /**
   * Rows of {city, address}: the offices. The cities are the field's column (a list); the
   * street addresses go to OFFICE_ADDRESSES, keyed by city. The same in every language.
   */
  | "offices"
  | "text"
  /**
   * A phone or WhatsApp number: Kenyan as people write it, or another country's with its "+"
   * (app/lib/phone.ts), stored in E.164.
   */
  | "phone"
  | "email"
  /** A whole number in `range`. */
  | "number"
  /** price_min, price_max and price_unit of a service. */
  | "price"
  | "select"
  /** The portfolio category a project belongs to (the categories' list). */
  | "category"
  /** A site image: picked from the media library or uploaded with the form. */
  | "image"
  | "slug"
  | "boolean"
  /** Rows of {network, url}. */
  | "socialLinks"
  /** A day (YYYY-MM-DD). */
  | "date";

export interface FieldSpec {
  /** The database column (and the form field's name). */
  name: string;
  type: FieldType;
  label: MessageKey;
  hint?: MessageKey;
  /** Characters of one text (per language), or of each item of a list. */
  max?: number;
  /** Characters a plain text needs at least (text, phone). */
  min?: number;
  /** Rows a list may have. */
  items?: number;
  /** select: the values, their labels under `optionLabels` (`${optionLabels}.${value}`). */
  options?: readonly string[];
  optionLabels?: string;
  /** number: the whole numbers allowed. */
  range?: readonly [number, number];
  /** May stay empty (text, phone, image). */
  optional?: boolean;
  /** boolean: whether a new item's box starts ticked (unticked without it). */
  initial?: boolean;
  /**
   * image: the select field that crops it to fill a round frame (a team member's photo and its
   * `photo_focus`); the form shows the chosen image so framed.
   */
  focusField?: string;
}

export type KindName =
  | "services"
  | "portfolio"
  | "portfolio-categories"
  | "blog-categories"
  | "blog-tags"
  | "team"
  | "testimonials"
  | "figures"
  | "legal"
  | "chat"
  | "settings";

export interface KindSpec {
  /** The URL segment under /admin and the kind's name. */
  name: KindName;
  entity: SiteEntity;
  /** The list's title, the "New" button's label, the list's intro. */
  title: MessageKey;
  newLabel: MessageKey;
  intro: MessageKey;
  fields: readonly FieldSpec[];
  /** The field that names an item in lists, history and messages. */
  nameField: string;
  /** Ids: numbers (generated), the legal documents' names, or the settings' one row. */
  ids: "number" | "legal" | "settings";
  can: { create: boolean; delete: boolean; reorder: boolean; publish: boolean };
  /** The list's order (the public pages' order). */
  order: readonly string[];
  /** Which public page the preview renders. */
  preview?: "service" | "project" | "legal";
}

export const PRICE_UNITS = ["project", "year", "month", "sms"] as const;
export const PROCESS_LIMITS = { title: 80, description: 300 } as const;
/** Characters of an office's city and of its street address. */
export const OFFICE_LIMITS = { city: 80, address: 200 } as const;
/** The column of the offices' street addresses (an "offices" field's second column). */
export const OFFICE_ADDRESSES = "office_addresses";
export const SOCIAL_NETWORKS = [
  "facebook",
  "x",
  "linkedin",
  "instagram",
  "youtube",
  "tiktok",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
/** The networks' own names (never translated). */
export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  x: "X",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  youtube: "YouTube",
  tiktok: "TikTok",
};
export const PRICE_MAX = 1_000_000_000;
/** The icons a service may show (app/components/icons.svg). */
export const SERVICE_ICONS = [
  "globe",
  "smartphone",
  "code",
  "server",
  "message",
  "trendingUp",
  "palette",
  "bot",
  "chat",
  "star",
  "user",
  "link",
] as const satisfies readonly IconName[];

/** Form field names of a price (one field descriptor, three inputs). */
export const PRICE_NAMES = { min: "price_min", max: "price_max", unit: "price_unit" } as const;

/** The form's name of a field's file input (an image uploaded with the form). */
export const fileFieldOf = (field: string) => `${field}_file`;

/** Field types whose value is a list of rows (Add / Remove). */
export const ROW_TYPES: readonly FieldType[] = [
  "translatedList",
  "processSteps",
  "textList",
  "offices",
  "socialLinks",
];

/** Field types holding visitor-facing text per language. */
export const TRANSLATED_TYPES: readonly FieldType[] = [
  "translated",
  "translatedLong",
  "translatedHtml",
  "translatedList",
  "processSteps",
];

/**
 * The name of a kind's first control, the target of the editor's "Skip to the form" link (its
 * id is `fieldIdOf(name)`); null when the first field is not one plain control.
 */
export function firstControlName(kind: KindSpec): string | null {
  const field = kind.fields[0];
  if (!field) return null;
  if (
    field.type === "translated" ||
    field.type === "translatedLong" ||
    field.type === "translatedHtml"
  )
    return `${field.name}.en`;
  if (field.type === "select" && field.optionLabels === "siteEditor.icons") return null;
  const plain: readonly FieldType[] = ["text", "email", "date", "phone", "slug", "select"];
  return plain.includes(field.type) || field.type === "category" || field.type === "number"
    ? field.name
    : null;
}
