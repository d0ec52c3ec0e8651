/** Limits and messages of the account forms (plain data: the pages show them without Zod). */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** GoTrue counts password length in bytes and refuses more than 72. */
export const PASSWORD_MAX_LENGTH = 72;
export const URL_MAX_LENGTH = 2048;
export const PASSWORD_HINT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;

export const ACCOUNT_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  passwordRequired: "Password is required",
  passwordShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  currentPassword: "Enter your current password",
  mismatch: "Passwords do not match",
  terms: "You must agree to the terms and conditions",
  avatarUrl: "Avatar URL must start with http:// or https://",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** The one answer to a sign-up, whether or not the address already had an account. */
export const SIGNUP_SUCCESS = "Please check your email to confirm your account.";
/** The one answer to every well-formed reset request: it never tells whether an account exists. */
export const RESET_SENT =
  "If an account exists for that email address, we have sent a link to reset the password.";
/** The one answer to a resend request from the sign-in page. */
export const CONFIRMATION_RESENT =
  "If that address has an account waiting for confirmation, we have sent a new confirmation email.";
