import { z } from "zod";
import { MEDIA_LIMITS } from "./limits";

const alt = z
  .string()
  .trim()
  .max(MEDIA_LIMITS.alt, `Alt text must be at most ${MEDIA_LIMITS.alt} characters`)
  .default("");

/**
 * The media library's forms (server only): upload (the file is read beside the schema, as
 * `file`), alt text and delete (`hash` names the image).
 */
export const mediaLibrarySchema = z.object({
  hash: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "Image not found")
    .optional(),
  alt,
});

/** The editor's background upload (JS): the file and its alt text. */
export const mediaUploadSchema = z.object({ alt });
