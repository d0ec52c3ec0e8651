import { z } from "zod";
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

function tagList(label: string) {
  const noun = label.toLowerCase();
  return z
    .string()
    .max(L.listText, `${label} must be at most ${L.listText} characters`)
    .default("")
    .transform(parseTagList)
    .refine((list) => list.length <= L.listEntries, `At most ${L.listEntries} ${noun} are allowed`)
    .refine(
      (list) => list.every((entry) => entry.length <= L.listEntry),
      `Each entry of ${noun} must be at most ${L.listEntry} characters`,
    );
}

// Conform coerces "" to undefined on every string schema it finds, including the output side of
// a pipe; so derived values are checked with refine() rather than piped into new schemas.
const contentTooLong = `Content must be at most ${L.contentBytes / 1024} KB`;

/**
 * The admin post form (server only). Title and excerpt are plain text; content is HTML that is
 * sanitized here (the stored copy is the clean one) and bounded after cleaning, as the database
 * bounds it. Categories and tags are comma-separated lists.
 */
export const postFormSchema = z.object({
  title: z
    .string()
    .default("")
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .refine((v) => v.length > 0, "Title is required")
    .refine((v) => v.length <= L.title, `Title must be at most ${L.title} characters`),
  excerpt: z
    .string()
    .trim()
    .max(L.excerpt, `Excerpt must be at most ${L.excerpt} characters`)
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
    .max(L.coverImage, `Cover image must be at most ${L.coverImage} characters`)
    .refine(isCoverImageUrl, "Cover image must be an http(s) URL or a site path starting with /")
    .optional()
    .transform((v) => v || null),
  categories: tagList("Categories"),
  tags: tagList("Tags"),
  published: z.boolean().default(false),
  /** The language the post is written in (issue 18). */
  lang: z.enum(["en", "sw", "fr"]).default("en"),
  /** The post this one translates: an id, or empty for an original. */
  translation_of: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "Choose a post from the list")
    .optional()
    .transform((v) => (v ? Number(v) : null)),
});

export type PostFormValues = z.output<typeof postFormSchema>;
