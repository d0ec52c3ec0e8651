/**
 * The brand and contact environment variables (app/infra/env.server.ts) are first-start
 * defaults: while the settings row was never saved by an admin (version 1: the seed's), a
 * variable set in the environment replaces the seeded value; once an admin saved the settings
 * in /admin (version 2 and up), the database wins and the variables are ignored.
 */
import type { Env } from "~/infra/env.server";
import type { SettingsRow } from "./localize.server";

type ContactEnv = Pick<
  Env,
  | "BRAND_NAME"
  | "CONTACT_PHONE"
  | "CONTACT_EMAIL"
  | "CONTACT_SUPPORT_EMAIL"
  | "CONTACT_WHATSAPP"
  | "OFFICE_HOURS"
  | "CONTACT_CITIES"
>;

export function isNeverSaved(row: SettingsRow): boolean {
  return row.version <= 1;
}

/** The settings as the site shows them: the row, with the environment's first-start values. */
export function settingsWithEnvDefaults(row: SettingsRow, env: ContactEnv): SettingsRow {
  if (!isNeverSaved(row)) return row;
  const cities = env.CONTACT_CITIES?.split(",")
    .map((city) => city.trim())
    .filter(Boolean);
  return {
    ...row,
    brand_name: env.BRAND_NAME ?? row.brand_name,
    phone: env.CONTACT_PHONE ?? row.phone,
    email: env.CONTACT_EMAIL ?? row.email,
    // The agency's own address, never the seed's support address beside it.
    support_email: env.CONTACT_SUPPORT_EMAIL ?? env.CONTACT_EMAIL ?? row.support_email,
    whatsapp: env.CONTACT_WHATSAPP ?? row.whatsapp,
    // One text for every language: what the variable says is what each page shows.
    office_hours: env.OFFICE_HOURS ? { en: env.OFFICE_HOURS } : row.office_hours,
    cities: cities?.length ? cities : row.cities,
  };
}
