import { DEFAULT_LOCALE, type Locale } from "~/i18n/locale";
import { translate } from "~/i18n/translate.server";
import type { SiteConfig } from "~/lib/site-config";
import { env, siteUrl } from "./env.server";

/** The default office hours (env.server.ts), worded per language unless configured otherwise. */
const DEFAULT_OFFICE_HOURS = "Monday to Friday, 8:00 to 17:00 (EAT)";

/** Brand and contact details: one place, overridable by env (read at request time). */
export function getSiteConfig(locale: Locale = DEFAULT_LOCALE): SiteConfig {
  const current = env();
  const url = siteUrl();
  const officeHours =
    current.OFFICE_HOURS === DEFAULT_OFFICE_HOURS
      ? translate(locale, "contact.defaultHours")
      : current.OFFICE_HOURS;
  return {
    brandName: current.BRAND_NAME,
    siteUrl: url,
    host: new URL(url).host,
    phone: current.CONTACT_PHONE,
    email: current.CONTACT_EMAIL,
    supportEmail: current.CONTACT_SUPPORT_EMAIL,
    whatsapp: current.CONTACT_WHATSAPP ?? null,
    officeHours,
    cities: current.CONTACT_CITIES.split(",")
      .map((city) => city.trim())
      .filter(Boolean),
    country: "Kenya",
  };
}
