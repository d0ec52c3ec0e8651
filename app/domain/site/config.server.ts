import { siteContent } from "~/domain/site/snapshot.server";
import { formatList } from "~/i18n/format";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locale";
import { agencyTimeZone, env, siteUrl } from "~/infra/env.server";
import { fallbackSiteConfig, type SiteConfig } from "~/lib/site-config";

/**
 * Brand and contact details as pages show them: the site's settings (app/domain/site) in the
 * page's language — with the environment's first-start values until an admin saves them —
 * and the canonical origin.
 */
export function siteConfigOf(
  settings: SiteSettingsView | undefined,
  locale: Locale = DEFAULT_LOCALE,
): SiteConfig {
  const url = siteUrl();
  const origin = { siteUrl: url, host: new URL(url).host, timeZone: agencyTimeZone() };
  if (!settings) return { ...withEnv(fallbackSiteConfig), ...origin };
  return {
    brandName: settings.brandName,
    ...origin,
    phone: settings.phone,
    email: settings.email,
    supportEmail: settings.supportEmail,
    whatsapp: settings.whatsapp,
    officeHours: settings.officeHours,
    cities: settings.cities,
    citiesText: formatList(settings.cities, locale),
    country: settings.country,
    socialLinks: settings.socialLinks,
  };
}

type SiteSettingsView = Omit<SiteConfig, "siteUrl" | "host" | "timeZone">;

/**
 * Without any site content (the backend never answered and nothing was saved): the built-in
 * shell values, with what the environment sets.
 */
function withEnv(config: SiteConfig): SiteConfig {
  const current = env();
  return {
    ...config,
    brandName: current.BRAND_NAME ?? config.brandName,
    phone: current.CONTACT_PHONE ?? config.phone,
    email: current.CONTACT_EMAIL ?? config.email,
    supportEmail: current.CONTACT_SUPPORT_EMAIL ?? config.supportEmail,
    whatsapp: current.CONTACT_WHATSAPP ?? config.whatsapp,
  };
}

/** The site config in `locale`, or the built-in one when the site has no content at all. */
export async function getSiteConfig(locale: Locale = DEFAULT_LOCALE): Promise<SiteConfig> {
  try {
    return siteConfigOf((await siteContent(locale)).settings, locale);
  } catch {
    return siteConfigOf(undefined, locale);
  }
}
