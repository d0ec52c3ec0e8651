import { siteContent } from "~/domain/site/snapshot.server";
import { formatList } from "~/i18n/format";
import { DEFAULT_LOCALE, type Locale } from "~/i18n/locale";
import { agencyTimeZone, env, siteUrl } from "~/infra/env.server";
import { phoneOf } from "~/lib/phone";
import { fallbackSiteConfig, type SiteConfig } from "~/lib/site-config";
import type { LocalSettings } from "./localize.server";

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
    ...contactNumbers(settings.phone, settings.whatsapp),
    email: settings.email,
    supportEmail: settings.supportEmail,
    officeHours: settings.officeHours,
    cities: settings.cities,
    officeAddresses: settings.officeAddresses,
    citiesText: formatList(settings.cities, locale),
    country: settings.country,
    socialLinks: settings.socialLinks,
  };
}

type SiteSettingsView = Omit<LocalSettings, "metaDescription" | "authorFallbackBio">;

const warned = new Set<string>();

/** Says once per process that a contact variable holds no number (its buttons stay hidden). */
function warnUnreadable(name: "CONTACT_PHONE" | "CONTACT_WHATSAPP", value: string | undefined) {
  if (!value || warned.has(name) || phoneOf(value)) return;
  warned.add(name);
  console.warn(
    `${name}="${value}" is not a phone number (e.g. 0712 345 678 or +44 20 7946 0958): its Call/WhatsApp buttons are hidden.`,
  );
}

/**
 * The phone and WhatsApp numbers as pages link them: read again here (app/lib/phone.ts), since
 * a value saved before numbers were checked, or an environment variable, may be no number — it
 * then gets no button rather than a `tel:` link that dials nothing.
 */
function contactNumbers(
  phone: string,
  whatsapp: string | null,
): Pick<SiteConfig, "phone" | "whatsapp"> {
  const current = env();
  warnUnreadable("CONTACT_PHONE", current.CONTACT_PHONE);
  warnUnreadable("CONTACT_WHATSAPP", current.CONTACT_WHATSAPP);
  return { phone: phoneOf(phone), whatsapp: phoneOf(whatsapp)?.e164.slice(1) ?? null };
}

/**
 * Without any site content (the backend never answered and nothing was saved): the built-in
 * shell values, with what the environment sets.
 */
function withEnv(config: SiteConfig): SiteConfig {
  const current = env();
  return {
    ...config,
    brandName: current.BRAND_NAME ?? config.brandName,
    ...contactNumbers(
      current.CONTACT_PHONE ?? config.phone?.e164 ?? "",
      current.CONTACT_WHATSAPP ?? config.whatsapp,
    ),
    email: current.CONTACT_EMAIL ?? config.email,
    supportEmail: current.CONTACT_SUPPORT_EMAIL ?? config.supportEmail,
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
