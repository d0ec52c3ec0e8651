import { z } from "zod";
import { perLocale, type Translator } from "~/i18n/translate.server";
import { emailField } from "../email-field.server";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  URL_MAX_LENGTH,
} from "./limits";

/** The account forms' messages in `t`'s language (the schemas below are made per language). */
function accountMessages(t: Translator) {
  return {
    firstName: t("validation.firstName"),
    lastName: t("validation.lastName"),
    emailRequired: t("validation.emailRequired"),
    emailInvalid: t("validation.emailInvalid"),
    passwordRequired: t("validation.passwordRequired"),
    passwordShort: t("validation.passwordShort", { min: PASSWORD_MIN_LENGTH }),
    passwordLong: t("validation.passwordLong", { max: PASSWORD_MAX_LENGTH }),
    currentPassword: t("validation.currentPassword"),
    mismatch: t("validation.mismatch"),
    terms: t("validation.terms"),
    avatarUrl: t("validation.avatarUrl"),
    tooLong: (max: number) => t("validation.tooLong", { max }),
  };
}
type Messages = ReturnType<typeof accountMessages>;

const name = (M: Messages, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, M.tooLong(NAME_MAX_LENGTH));

const accountEmail = (M: Messages) =>
  emailField({
    required: M.emailRequired,
    invalid: M.emailInvalid,
    tooLong: M.tooLong(EMAIL_MAX_LENGTH),
  });

const byteLength = (text: string) => Buffer.byteLength(text, "utf8");

/** A new password: at least 8 characters, at most 72 bytes (as the auth server counts). */
const newPassword = (M: Messages) =>
  z
    .string({ error: M.passwordRequired })
    .min(PASSWORD_MIN_LENGTH, M.passwordShort)
    .refine((v) => byteLength(v) <= PASSWORD_MAX_LENGTH, M.passwordLong);

/** Confirm must equal password; checked even when other fields failed (all errors at once). */
function withMatchingConfirm<
  T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>,
>(M: Messages, schema: T) {
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

/** Every account form's schema, made once per language. */
export const accountSchemasIn = perLocale((t) => {
  const M = accountMessages(t);
  const email = accountEmail(M);
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
  return {
    signup: withMatchingConfirm(
      M,
      z.object({
        firstName: name(M, M.firstName),
        lastName: name(M, M.lastName),
        email,
        password: newPassword(M),
        confirmPassword: z.string().optional(),
        terms: z.literal("on", { error: M.terms }),
        redirectTo: z.string().max(2048).optional(),
      }),
    ),
    login: z.object({
      email,
      password: z.string({ error: M.passwordRequired }).max(1024),
      remember: z.literal("on").optional(),
      redirectTo: z.string().max(2048).optional(),
    }),
    /** The sign-in page's "Resend confirmation email" (a second form on the page). */
    resend: z.object({ email }),
    forgotPassword: z.object({ email }),
    /** A new password from a recovery link (no current password). */
    resetPassword: withMatchingConfirm(
      M,
      z.object({ password: newPassword(M), confirmPassword: z.string().optional() }),
    ),
    /** A signed-in change: the current password proves it is the account's owner. */
    changePassword: withMatchingConfirm(
      M,
      z.object({
        currentPassword: z.string({ error: M.currentPassword }).min(1, M.currentPassword).max(1024),
        password: newPassword(M),
        confirmPassword: z.string().optional(),
      }),
    ),
    profile: z.object({
      fullName: z
        .string()
        .trim()
        .max(NAME_MAX_LENGTH, M.tooLong(NAME_MAX_LENGTH))
        .optional()
        .transform((v) => v ?? ""),
      avatarUrl: httpUrl.optional().transform((v) => v ?? ""),
    }),
  };
});

const english = accountSchemasIn("en");
export const signupSchema = english.signup;
export const loginSchema = english.login;
export const resendSchema = english.resend;
export const forgotPasswordSchema = english.forgotPassword;
export const resetPasswordSchema = english.resetPassword;
export const changePasswordSchema = english.changePassword;
export const profileSchema = english.profile;

export type SignupInput = z.infer<typeof signupSchema>;
