/** Bounds of the contact form (shared by the server schema and the form's HTML attributes). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_SUCCESS_MESSAGE = "Message sent! We will get back to you shortly.";
