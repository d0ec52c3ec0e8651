import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  URL_MAX_LENGTH,
} from "~/components/auth/rules";

/** Spec §5: "text, an at sign, text, a dot, text". */
const EMAIL_SHAPE = /^\S+@\S+\.\S+$/;

export const messages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  passwordRequired: "Password is required",
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: "Passwords do not match",
  terms: "You must agree to the terms and conditions",
  avatarUrl: "Avatar URL must start with http:// or https://",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

const name = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, messages.tooLong(NAME_MAX_LENGTH));

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .max(EMAIL_MAX_LENGTH, messages.tooLong(EMAIL_MAX_LENGTH))
  .regex(EMAIL_SHAPE, messages.emailInvalid);

const newPassword = z
  .string({ error: messages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, messages.passwordShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordLong);

/** Confirm must equal password; checked even when other fields failed (all errors at once). */
function withMatchingConfirm<
  T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>,
>(schema: T) {
  return schema.refine(
    (value: { password?: unknown; confirmPassword?: unknown }) =>
      (value.password ?? "") === (value.confirmPassword ?? ""),
    {
      message: messages.mismatch,
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
    firstName: name(messages.firstName),
    lastName: name(messages.lastName),
    email: emailField,
    password: newPassword,
    confirmPassword: z.string().optional(),
    terms: z.literal("on", { error: messages.terms }),
  }),
);

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: messages.passwordRequired }).max(1024),
  remember: z.literal("on").optional(),
  redirectTo: z.string().optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = withMatchingConfirm(
  z.object({ password: newPassword, confirmPassword: z.string().optional() }),
);

const httpUrl = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, messages.tooLong(URL_MAX_LENGTH))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, messages.avatarUrl);

export const profileSchema = z.object({
  fullName: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH, messages.tooLong(NAME_MAX_LENGTH))
    .optional()
    .transform((v) => v ?? ""),
  avatarUrl: httpUrl.optional().transform((v) => v ?? ""),
});

export type SignupInput = z.infer<typeof signupSchema>;
