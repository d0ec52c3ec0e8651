import { z } from "zod";

/** An e-mail address is "text, an at sign, text, a dot, text" — with no spaces and one at sign. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?";

/**
 * One bare address: an RFC 5322 dot-atom local part (letters of any script allowed, RFC 6531),
 * an at sign, a dotted domain. No display name, comment, quotes, group or list — nothing a mail
 * header (Reply-To) would read as another address, nor a `;` or `,` a spreadsheet would split.
 */
export const BARE_ADDRESS = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, "u");

/** A first character a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
export const FORMULA_START = /^[=+\-@]/;

/** The one e-mail field schema of the site; each form words its messages its own way. */
export function emailField(messages: { required: string; invalid: string; tooLong: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(EMAIL_MAX_LENGTH, { error: messages.tooLong })
    .regex(EMAIL_SHAPE, { error: messages.invalid });
}

/**
 * The e-mail field of the forms whose address is stored for the agency: the contact form (its
 * address becomes the notification's Reply-To) and the newsletter (exported as CSV). On top of
 * emailField: one bare address (`notBare`), not beginning like a formula (`formulaStart`).
 */
export function bareEmailField(
  messages: Parameters<typeof emailField>[0] & { notBare: string; formulaStart: string },
) {
  return emailField(messages).check((ctx) => {
    const value = ctx.value;
    if (!EMAIL_SHAPE.test(value)) return; // worded by emailField already
    if (!BARE_ADDRESS.test(value)) {
      ctx.issues.push({ code: "custom", message: messages.notBare, input: value });
    } else if (FORMULA_START.test(value)) {
      ctx.issues.push({ code: "custom", message: messages.formulaStart, input: value });
    }
  });
}
