import { z } from "zod";
import { emailField } from "../email-field.server";
import {
  ACCOUNT_MESSAGES as M,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  URL_MAX_LENGTH,
} from "./limits";

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, M.tooLong(NAME_MAX_LENGTH));

const accountEmail = emailField({
  required: M.emailRequired,
  invalid: M.emailInvalid,
  tooLong: M.tooLong(254),
});

const byteLength = (text: string) => Buffer.byteLength(text, "utf8");

/** A new password: at least 8 characters, at most 72 bytes (as the auth server counts). */
const newPassword = z
  .string({ error: M.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, M.passwordShort)
  .refine((v) => byteLength(v) <= PASSWORD_MAX_LENGTH, M.passwordLong);

/** Confirm must equal password; checked even when other fields failed (all errors at once). */
function withMatchingConfirm<
  T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>,
>(schema: T) {
  return schema.refine(
    (value: { password?: unknown; confirmPassword?: unknown }) =>
      (value.password ?? "") === (value.confirmPassword ?? ""),
    {
      message: M.mismatch,
      path: ["confirmPassword"],
      when: (payload) => {
        const v = payload.value as { password?: unknown } | undefined;
        return typeof v?.password === "string" && v.password.length > 0;
      },
    },
  );
}

export const signupSchema = withMatchingConfirm(
  z.object({
    firstName: name(M.firstName),
    lastName: name(M.lastName),
    email: accountEmail,
    password: newPassword,
    confirmPassword: z.string().optional(),
    terms: z.literal("on", { error: M.terms }),
  }),
);

export const loginSchema = z.object({
  email: accountEmail,
  password: z.string({ error: M.passwordRequired }).max(1024),
  remember: z.literal("on").optional(),
  redirectTo: z.string().max(2048).optional(),
});

/** The sign-in page's "Resend confirmation email" (a second form on the page). */
export const resendSchema = z.object({ email: accountEmail });

export const forgotPasswordSchema = z.object({ email: accountEmail });

/** A new password from a recovery link (no current password). */
export const resetPasswordSchema = withMatchingConfirm(
  z.object({ password: newPassword, confirmPassword: z.string().optional() }),
);

/** A signed-in change: the current password proves it is the account's owner. */
export const changePasswordSchema = withMatchingConfirm(
  z.object({
    currentPassword: z.string({ error: M.currentPassword }).min(1, M.currentPassword).max(1024),
    password: newPassword,
    confirmPassword: z.string().optional(),
  }),
);

const httpUrl = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, M.tooLong(URL_MAX_LENGTH))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, M.avatarUrl);

export const profileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, M.tooLong(NAME_MAX_LENGTH))
    .optional()
    .transform((v) => v ?? ""),
  avatarUrl: httpUrl.optional().transform((v) => v ?? ""),
});

export type SignupInput = z.infer<typeof signupSchema>;
