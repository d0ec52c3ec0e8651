import { z } from "zod";

/** Spec §5: "text, an at sign, text, a dot, text" — with no spaces and one at sign. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** The one e-mail field schema of the site; each form words its messages its own way. */
export function emailField(messages: { required: string; invalid: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(EMAIL_MAX_LENGTH, { error: messages.tooLong })
    .regex(EMAIL_SHAPE, { error: messages.invalid });
}
