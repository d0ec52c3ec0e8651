import { useRouteLoaderData } from "react-router";
import type { PhoneNumber } from "./phone";

export interface SiteConfig {
  brandName: string;
  siteUrl: string;
  host: string;
  /**
   * The agency's phone number, shown ("0712 345 678") and dialled ("+254712345678"); null when
   * none is set or what is set is no number (app/lib/phone.ts): no Call button then.
   */
  phone: PhoneNumber | null;
  email: string;
  supportEmail: string;
  /** WhatsApp number (E.164 digits without the "+", as wa.me takes it), or null: no button. */
  whatsapp: string | null;
  officeHours: string;
  cities: string[];
  /** The street address of the office in each city that has one ({"Nairobi": "Ngong Road 12"}). */
  officeAddresses: Record<string, string>;
  /**
   * The cities joined in the page's language ("Nairobi and Mombasa", "Nairobi et Mombasa"),
   * by the server: the browser then needs no Intl.ListFormat to hydrate (a page's first Intl
   * formatter costs it ~20 ms of ICU set-up). Absent from the built-in config.
   */
  citiesText?: string;
  country: string;
  /** The agency's pages on social networks (the footer's links). */
  socialLinks: { network: string; url: string }[];
  /** The agency's IANA time zone (AGENCY_TIME_ZONE): the admin area's dates. */
  timeZone: string;
}

/** The `tel:` link of a number read by app/lib/phone.ts ("tel:+254712345678"). */
export function telHref(phone: PhoneNumber): string {
  return `tel:${phone.e164}`;
}

/** The offices that have a street address, in the cities' order. */
export function officesWithAddress(site: SiteConfig): { city: string; address: string }[] {
  return site.cities.flatMap((city) => {
    const address = Object.hasOwn(site.officeAddresses, city) ? site.officeAddresses[city] : "";
    return address ? [{ city, address }] : [];
  });
}

/** WhatsApp click-to-chat, optionally with a first message. */
export function whatsappHref(number: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : "";
  return `https://wa.me/${number}${query}`;
}

export const fallbackSiteConfig: SiteConfig = {
  brandName: "Jenga Digital",
  siteUrl: "http://localhost:3000",
  host: "localhost:3000",
  phone: { e164: "+254712345678", display: "0712 345 678" },
  email: "hello@jengadigital.co.ke",
  supportEmail: "support@jengadigital.co.ke",
  whatsapp: null,
  officeHours: "Monday to Friday, 8:00 to 17:00 (EAT)",
  cities: ["Nairobi", "Mombasa"],
  officeAddresses: {},
  country: "Kenya",
  socialLinks: [],
  timeZone: "Africa/Nairobi",
};

/** The site config the root loader sent; usable in any component, including error boundaries. */
export function useSiteConfig(): SiteConfig {
  const data = useRouteLoaderData("root") as { site?: SiteConfig } | undefined;
  return data?.site ?? fallbackSiteConfig;
}

/** A published service as the footer and the contact form list it. */
export interface ServiceLinkData {
  id: string;
  title: string;
  /** `["title"]` when the title is shown untranslated (`langOf`). */
  english?: readonly string[];
}

/** The services (id and title in the page's language) the root loader sent: footer, forms. */
export function useServiceLinks(): readonly ServiceLinkData[] {
  const data = useRouteLoaderData("root") as
    | { serviceLinks?: readonly ServiceLinkData[] }
    | undefined;
  return data?.serviceLinks ?? [];
}
