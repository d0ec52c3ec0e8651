import { z } from "zod";
import type { Locale } from "~/i18n/locale";
import { type Translator, translator } from "~/i18n/translate.server";
import { MEDIA_LIMITS } from "./limits";

const altOf = (t: Translator) =>
  z
    .string()
    .trim()
    .max(MEDIA_LIMITS.alt, t("mediaLibrary.errors.altTooLong", { max: MEDIA_LIMITS.alt }))
    .default("");

function librarySchema(t: Translator) {
  const alt = altOf(t);
  return z.object({
    hash: z
      .string()
      .regex(/^[0-9a-f]{32}$/, t("mediaLibrary.errors.notFound"))
      .optional(),
    alt,
    alt_sw: alt,
    alt_fr: alt,
    decorative: z.boolean().default(false),
  });
}

const schemas = new Map<Locale, ReturnType<typeof librarySchema>>();

/**
 * The media library's forms (server only), with their messages in the admin's language:
 * upload (the file is read beside the schema, as `file`), alt texts (English `alt`, Kiswahili
 * `alt_sw`, French `alt_fr`, the `decorative` checkbox) and delete (`hash` names the image).
 */
export function mediaLibrarySchema(locale: Locale) {
  let schema = schemas.get(locale);
  if (!schema) {
    schema = librarySchema(translator(locale));
    schemas.set(locale, schema);
  }
  return schema;
}

/** The editor's background upload (JS): the file and its alt text. */
export const mediaUploadSchema = z.object({ alt: altOf(translator("en")) });
