import type { User } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import { type StoredImage, storeImage } from "~/domain/media/library.server";
import { MEDIA_LIMITS, MEDIA_MESSAGES } from "~/domain/media/limits";
import type { MessageKey } from "~/i18n/messages";
import type { Translator } from "~/i18n/translate.server";
import { fail, ok, type Result } from "~/lib/result";
import { getSupabase } from "~/web/session.server";

/**
 * The image a form uploaded in `field`, stored in the media library; `null` when no file was
 * chosen (browsers send an empty, nameless part). The entry is taken out of `formData`, so the
 * typed values echoed back never carry file bytes.
 */
export async function storeUploadedFile(
  context: Readonly<RouterContextProvider>,
  user: User,
  formData: FormData,
  field: string,
): Promise<Result<StoredImage | null>> {
  const value = formData.get(field);
  formData.delete(field);
  if (!(value instanceof File) || (value.size === 0 && value.name === "")) return ok(null);
  if (value.size > MEDIA_LIMITS.maxBytes) return fail("too-large", MEDIA_MESSAGES.tooLarge);
  const bytes = Buffer.from(await value.arrayBuffer());
  return storeImage(getSupabase(context), user.id, { name: value.name, bytes });
}

type MediaMessage = keyof typeof MEDIA_MESSAGES;
const UPLOAD_MESSAGES: readonly MediaMessage[] = [
  "notAnImage",
  "tooLarge",
  "empty",
  "noFile",
  "tooManyPixels",
  "unreadable",
];

/** An upload's refusal (app/domain/media/limits.ts, in English) in the admin's language. */
export function uploadMessageIn(t: Translator, message: string): string {
  const key = UPLOAD_MESSAGES.find((name) => MEDIA_MESSAGES[name] === message);
  return key ? t(`mediaLibrary.errors.${key}` as MessageKey) : message;
}
