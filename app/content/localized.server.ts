import { formatKes, formatKesRange } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { translate } from "~/i18n/translate.server";
import { type ContactTopic, contactTopics } from "./chat-options";
import { type LegalSection, privacyPolicy, termsOfService } from "./legal";
import { privacyFr, termsFr } from "./legal.fr";
import { privacySw, termsSw } from "./legal.sw";
import {
  type HomePortfolioItem,
  type PortfolioCategory,
  type PortfolioProject,
  portfolioProjects,
} from "./portfolio";
import {
  type Price,
  type Service,
  type ServiceCardData,
  type ServiceText,
  services,
} from "./services";
import { servicesFr } from "./services.fr";
import { servicesSw } from "./services.sw";
import { fallbackBio, type TeamCardData, type TeamMember, team } from "./team";
import { categoriesFr, fallbackBioFr, projectsFr, teamFr } from "./work.fr";
import { categoriesSw, fallbackBioSw, projectsSw, teamSw } from "./work.sw";

/**
 * The static content in the page's language, resolved on the server: pages receive only their
 * language's words (the browser never downloads the other two). Each list is built once per
 * language and then shared (read-only) by every request: the root loader asks for the services
 * on every page, and formatting their prices was a seventh of a page's render time.
 */
function perLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let value = built.get(locale);
    if (value === undefined) {
      value = Object.freeze(build(locale));
      built.set(locale, value);
    }
    return value;
  };
}
const SERVICE_TEXT: Record<Exclude<Locale, "en">, Record<string, ServiceText>> = {
  sw: servicesSw,
  fr: servicesFr,
};

/** 'Ksh 50,000 – 300,000', 'Ksh 10,000 – 100,000 per year', 'From Ksh 0.7 per SMS' in `locale`. */
export function formatPrice(price: Price, locale: Locale): string {
  if (price.per === "sms") {
    return translate(locale, "services.priceFrom", { price: formatKes(price.min, locale) });
  }
  const range =
    price.max === undefined
      ? formatKes(price.min, locale)
      : formatKesRange(price.min, price.max, locale);
  if (price.per === "year") return translate(locale, "services.pricePerYear", { range });
  if (price.per === "month") return translate(locale, "services.pricePerMonth", { range });
  return range;
}

export const servicesIn: (locale: Locale) => readonly Service[] = perLocale((locale) => {
  return services.map(({ price, ...service }) => ({
    ...service,
    ...(locale === "en" ? {} : SERVICE_TEXT[locale][service.id]),
    priceRange: formatPrice(price, locale),
  }));
});

/** The services as their cards show them: the lists' loaders send no more than this. */
export const serviceCardsIn: (locale: Locale) => readonly ServiceCardData[] = perLocale(
  (locale) => {
    return servicesIn(locale).map(({ id, icon, title, description }) => ({
      id,
      icon,
      title,
      description,
    }));
  },
);

/** The service with this id (route segment) in `locale`, if any. */
export function findServiceIn(locale: Locale, id: string): Service | undefined {
  return servicesIn(locale).find((s) => s.id === id);
}

interface ServiceLink {
  id: string;
  title: string;
}

/** Ids and titles only (footer links). */
export const serviceLinksIn: (locale: Locale) => readonly ServiceLink[] = perLocale((locale) => {
  return servicesIn(locale).map(({ id, title }) => ({ id, title }));
});

const WORK = {
  sw: { projects: projectsSw, categories: categoriesSw, team: teamSw, fallbackBio: fallbackBioSw },
  fr: { projects: projectsFr, categories: categoriesFr, team: teamFr, fallbackBio: fallbackBioFr },
};

/** A portfolio category's name in `locale` (the filter keeps comparing English values). */
export function categoryLabelIn(locale: Locale, category: PortfolioCategory): string {
  return locale === "en" ? category : WORK[locale].categories[category];
}

export const projectsIn: (locale: Locale) => readonly PortfolioProject[] = perLocale((locale) => {
  return portfolioProjects.map((project) => ({
    ...project,
    ...(locale === "en" ? {} : WORK[locale].projects[project.slug]),
    categoryLabel: categoryLabelIn(locale, project.category),
  }));
});

/** The home page's highlights of recent work. */
export const homeWorkIn: (locale: Locale) => readonly HomePortfolioItem[] = perLocale((locale) => {
  return projectsIn(locale).map((p) => ({
    title: p.title,
    category: p.categoryLabel ?? p.category,
    image: p.image,
    description: p.description,
  }));
});

export const teamIn: (locale: Locale) => readonly TeamMember[] = perLocale((locale) => {
  if (locale === "en") return team;
  return team.map((member) => ({ ...member, ...WORK[locale].team[member.name] }));
});

/** The team as the home page's cards show it (no bios: they are for articles' authors). */
export const teamCardsIn: (locale: Locale) => readonly TeamCardData[] = perLocale((locale) => {
  return teamIn(locale).map(({ name, role, avatar }) => ({ name, role, avatar }));
});

/** The bio for a post's author (matched by name); a general line for unknown authors. */
export function authorBioIn(locale: Locale, name: string): string {
  const member = teamIn(locale).find((m) => m.name === name);
  if (member) return member.bio;
  return locale === "en" ? fallbackBio : WORK[locale].fallbackBio;
}

const TOPIC_KEYS = {
  website: "chat.websiteMessage",
  "mobile-app": "chat.mobileAppMessage",
  general: "chat.generalMessage",
} as const;

/** The prefilled message for `?topic=` on /contact in `locale` ("" for an unknown topic). */
export function topicMessageIn(locale: Locale, topic: string | null): string {
  if (!topic || !Object.hasOwn(contactTopics, topic)) return "";
  return translate(locale, TOPIC_KEYS[topic as ContactTopic]);
}

const LEGAL: Record<Locale, Record<"/terms" | "/privacy", LegalSection[]>> = {
  en: { "/terms": termsOfService, "/privacy": privacyPolicy },
  sw: { "/terms": termsSw, "/privacy": privacySw },
  fr: { "/terms": termsFr, "/privacy": privacyFr },
};

/** The terms or the privacy notice in `locale`. */
export function legalIn(locale: Locale, path: "/terms" | "/privacy"): LegalSection[] {
  return LEGAL[locale][path];
}
