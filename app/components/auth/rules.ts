/** Limits shared by the server schemas and the form hints (plain constants: no Zod on the client). */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 72;
export const URL_MAX_LENGTH = 2048;
export const PASSWORD_HINT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
