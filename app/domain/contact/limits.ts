/** Bounds of the contact form (shared by the server schema and the form's HTML attributes). */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  /** A phone number as typed, spaces and all ("+255 (0) 754-123-456"). */
  phoneMax: 40,
  messageMin: 10,
  messageMax: 5000,
} as const;

/**
 * Whether `value` is the id (slug) of one of `services`: the contact form's service choice
 * accepts exactly the services published when it is posted (the site's content snapshot).
 */
export function isServiceId(value: unknown, services: readonly { id: string }[]): value is string {
  return typeof value === "string" && services.some((service) => service.id === value);
}
