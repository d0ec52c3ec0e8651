import type { SiteConfig } from "~/lib/site-config";
import { env, siteUrl } from "./env.server";

/** Brand and contact details: one place, overridable by env (read at request time). */
export function getSiteConfig(): SiteConfig {
  const current = env();
  const url = siteUrl();
  return {
    brandName: current.BRAND_NAME,
    siteUrl: url,
    host: new URL(url).host,
    phone: current.CONTACT_PHONE,
    email: current.CONTACT_EMAIL,
    supportEmail: current.CONTACT_SUPPORT_EMAIL,
    whatsapp: current.CONTACT_WHATSAPP ?? null,
    officeHours: current.OFFICE_HOURS,
    cities: current.CONTACT_CITIES.split(",")
      .map((city) => city.trim())
      .filter(Boolean),
    country: "Kenya",
  };
}
