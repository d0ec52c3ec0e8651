import { z } from "zod";
import type { MessageKey } from "~/i18n/messages";
import { perLocale, type Translator } from "~/i18n/translate.server";
import { POST_LIMITS as L } from "./limits";
import { sanitizePostHtml } from "./sanitize.server";
import { parseTagList } from "./tag-list";

const byteLength = (text: string) => Buffer.byteLength(text, "utf8");

/** A site path ("/images/a.svg", not "//host/a.svg") or an absolute http(s) URL. */
export function isCoverImageUrl(value: string): boolean {
  if (/[\s\\<>"']/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

function tagList(
  t: Translator,
  keys: { tooLong: MessageKey; tooMany: MessageKey; entryTooLong: MessageKey },
) {
  return z
    .string()
    .max(L.listText, t(keys.tooLong, { max: L.listText }))
    .default("")
    .transform(parseTagList)
    .refine((list) => list.length <= L.listEntries, t(keys.tooMany, { max: L.listEntries }))
    .refine(
      (list) => list.every((entry) => entry.length <= L.listEntry),
      t(keys.entryTooLong, { max: L.listEntry }),
    );
}

/**
 * The admin post form (server only), its messages in the admin's language. Title and excerpt
 * are plain text; content is HTML that is sanitized here (the stored copy is the clean one) and
 * bounded after cleaning, as the database bounds it. Categories and tags are comma-separated
 * lists.
 */
export const postFormSchema = perLocale((t: Translator) => {
  // Conform coerces "" to undefined on every string schema it finds, including the output side
  // of a pipe; so derived values are checked with refine() rather than piped into new schemas.
  const contentTooLong = t("postEditor.errors.contentTooLong", { kb: L.contentBytes / 1024 });
  return z.object({
    title: z
      .string()
      .default("")
      .transform((v) => v.trim().replace(/\s+/g, " "))
      .refine((v) => v.length > 0, t("postEditor.errors.titleRequired"))
      .refine((v) => v.length <= L.title, t("postEditor.errors.titleTooLong", { max: L.title })),
    excerpt: z
      .string()
      .trim()
      .max(L.excerpt, t("postEditor.errors.excerptTooLong", { max: L.excerpt }))
      .default(""),
    content: z
      .string()
      .default("")
      .refine((v) => byteLength(v) <= L.contentBytes, { error: contentTooLong, abort: true })
      .transform(sanitizePostHtml)
      .refine((v) => byteLength(v) <= L.contentBytes, contentTooLong),
    cover_image: z
      .string()
      .trim()
      .max(L.coverImage, t("postEditor.errors.coverTooLong", { max: L.coverImage }))
      .refine(isCoverImageUrl, t("postEditor.errors.coverInvalid"))
      .optional()
      .transform((v) => v || null),
    categories: tagList(t, {
      tooLong: "postEditor.errors.categoriesTooLong",
      tooMany: "postEditor.errors.tooManyCategories",
      entryTooLong: "postEditor.errors.categoryTooLong",
    }),
    tags: tagList(t, {
      tooLong: "postEditor.errors.tagsTooLong",
      tooMany: "postEditor.errors.tooManyTags",
      entryTooLong: "postEditor.errors.tagTooLong",
    }),
    published: z.boolean().default(false),
    /** The language the post is written in (issue 18). */
    lang: z.enum(["en", "sw", "fr"]).default("en"),
    /** The post this one translates: an id, or empty for an original. */
    translation_of: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, t("postEditor.errors.chooseOriginal"))
      .optional()
      .transform((v) => (v ? Number(v) : null)),
  });
});

export type PostFormValues = z.output<ReturnType<typeof postFormSchema>>;
