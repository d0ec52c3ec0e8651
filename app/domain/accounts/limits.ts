/** Limits and messages of the account forms (plain data: the pages show them without Zod). */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** GoTrue counts password length in bytes and refuses more than 72. */
export const PASSWORD_MAX_LENGTH = 72;
export const URL_MAX_LENGTH = 2048;
/**
 * The forms' messages (validation, answers) live in the catalogue (`app/i18n/messages`):
 * `validation.*` and `auth.*`, worded in the page's language by the server.
 */
/** The English answer to a sign-up (`auth.signupSuccess`), for callers that compare with it. */
export const SIGNUP_SUCCESS = "Please check your email to confirm your account.";
