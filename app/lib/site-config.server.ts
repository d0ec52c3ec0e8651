import type { SiteConfig } from "~/lib/site-config";

/** Brand and contact details: one place, overridable by env (read at request time). */
export function getSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const siteUrl = (env.SITE_URL || "http://localhost:3000").replace(/\/+$/, "");
  return {
    brandName: env.BRAND_NAME || "Jenga Digital",
    siteUrl,
    host: new URL(siteUrl).host,
    phone: env.CONTACT_PHONE || "+254 712 345 678",
    email: env.CONTACT_EMAIL || "hello@jengadigital.co.ke",
    supportEmail: env.CONTACT_SUPPORT_EMAIL || "support@jengadigital.co.ke",
    cities: ["Nairobi", "Mombasa"],
    country: "Kenya",
  };
}
