/** Bounds of the contact form (shared by the server schema and the form's HTML attributes). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;
