import { z } from "zod";
import { MEDIA_LIMITS } from "./limits";

/** The media library's forms (server only). The file itself is read beside the schema. */
export const mediaUploadSchema = z.object({
  alt: z
    .string()
    .trim()
    .max(MEDIA_LIMITS.alt, `Alt text must be at most ${MEDIA_LIMITS.alt} characters`)
    .default(""),
});

export const mediaAltSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{32}$/, "Image not found"),
  alt: z
    .string()
    .trim()
    .max(MEDIA_LIMITS.alt, `Alt text must be at most ${MEDIA_LIMITS.alt} characters`)
    .default(""),
});

export const mediaDeleteSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{32}$/, "Image not found"),
});
