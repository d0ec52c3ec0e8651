/** Bounds of the contact form (shared by the server schema and the form's HTML attributes). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

/** The services a visitor can ask a quote for (the 8 service pages' ids). */
export const SERVICE_IDS = [
  "web-development",
  "mobile-app-development",
  "software-development",
  "web-hosting",
  "bulk-sms",
  "digital-marketing",
  "graphic-design",
  "ai-chatbot-assistants",
] as const;

export type ServiceId = (typeof SERVICE_IDS)[number];

export function isServiceId(value: unknown): value is ServiceId {
  return SERVICE_IDS.includes(value as ServiceId);
}
