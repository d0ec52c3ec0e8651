/**
 * The site's content rows (app/infra/database.types.ts) as pages show them in one language:
 * every translated text resolved (English where a translation is missing, its field named in
 * `english` so the page marks it lang="en"), prices formatted. Pure: the public snapshot and the
 * admin's previews both go through here, so a preview is exactly what visitors will see.
 */
import { formatKes } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { translate } from "~/i18n/translate.server";
import type { Tables } from "~/infra/database.types";
import { type PhotoFocus, photoFocusOf } from "./photo-focus";
import { priceLine } from "./price-text";
import { EnglishFields, stringList, textIn } from "./translated";

export type ServiceRow = Tables<"services">;
export type CategoryRow = Tables<"portfolio_categories">;
export type ProjectRow = Tables<"portfolio_projects">;
export type MemberRow = Tables<"team_members">;
export type TestimonialRow = Tables<"testimonials">;
export type FigureRow = Tables<"site_figures">;
export type LegalRow = Tables<"legal_documents">;
export type ChatOptionRow = Tables<"chat_options">;
export type SettingsRow = Tables<"site_settings">;

export type PriceUnit = "project" | "year" | "month" | "sms";

/** Fields shown in English on a page of another language (see EnglishFields). */
interface Marked {
  english?: readonly string[];
}

/** 'Ksh 50,000 – 300,000', 'Ksh 10,000 – 100,000 per year', 'From Ksh 0.7 per SMS' in `locale`. */
export function formatPrice(
  price: { min: number; max: number | null; unit: string },
  locale: Locale,
): string {
  return priceLine(price, locale, (key, values) => translate(locale, key, values));
}

/** 'From Ksh 50,000', 'From Ksh 10,000 per year', 'From Ksh 0.7 per SMS': where a price starts. */
export function formatStartingPrice(price: { min: number; unit: string }, locale: Locale): string {
  const from = formatKes(price.min, locale);
  if (price.unit === "sms") return translate(locale, "services.priceFrom", { price: from });
  const unit =
    price.unit === "year"
      ? translate(locale, "services.pricePerYear", { range: from })
      : price.unit === "month"
        ? translate(locale, "services.pricePerMonth", { range: from })
        : from;
  return translate(locale, "services.startingAt", { price: unit });
}

export interface LocalService extends Marked {
  /** The route segment (`/services/{id}`): the service's slug. */
  id: string;
  icon: string;
  image: string | null;
  priceRange: string;
  /** Where its price starts ("From Ksh 50,000"): the services list's cards. */
  priceFrom: string;
  title: string;
  description: string;
  longDescription: string;
  cta: string;
  features: string[];
  process: { title: string; description: string }[];
  technologies: string[];
}

export function localizeService(row: ServiceRow, locale: Locale): LocalService {
  const english = new EnglishFields(locale);
  const steps = Array.isArray(row.process) ? (row.process as Record<string, unknown>[]) : [];
  return {
    id: row.slug,
    icon: row.icon,
    image: row.image,
    priceRange: formatPrice(
      {
        min: Number(row.price_min),
        max: row.price_max === null ? null : Number(row.price_max),
        unit: row.price_unit,
      },
      locale,
    ),
    priceFrom: formatStartingPrice({ min: Number(row.price_min), unit: row.price_unit }, locale),
    title: english.text("title", row.title),
    description: english.text("description", row.description),
    longDescription: english.text("longDescription", row.long_description),
    cta: english.text("cta", row.cta),
    features: english.list("features", row.features),
    process: steps.map((step, index) => ({
      title: english.text(`process.${index}.title`, step.title),
      description: english.text(`process.${index}.description`, step.description),
    })),
    technologies: english.list("technologies", row.technologies),
    english: english.done(),
  };
}

export interface LocalCategory extends Marked {
  slug: string;
  label: string;
}

export function localizeCategory(row: CategoryRow, locale: Locale): LocalCategory {
  const english = new EnglishFields(locale);
  return { slug: row.slug, label: english.text("label", row.label), english: english.done() };
}

export interface LocalProject extends Marked {
  slug: string;
  /** The category's slug (the filter's value) and its name in the page's language. */
  category: string;
  categoryLabel: string;
  client: string;
  image: string | null;
  tags: string[];
  title: string;
  description: string;
  challenge: string;
  outcome: string;
}

export function localizeProject(
  row: ProjectRow,
  category: CategoryRow | undefined,
  locale: Locale,
): LocalProject {
  const english = new EnglishFields(locale);
  return {
    slug: row.slug,
    category: category?.slug ?? "",
    categoryLabel: category ? english.text("categoryLabel", category.label) : "",
    client: row.client,
    image: row.image,
    tags: stringList(row.tags),
    title: english.text("title", row.title),
    description: english.text("description", row.description),
    challenge: english.text("challenge", row.challenge),
    outcome: english.text("outcome", row.outcome),
    english: english.done(),
  };
}

export interface LocalMember extends Marked {
  name: string;
  photo: string | null;
  /** The part of the photo its round frame keeps (the centre unless the admin chose). */
  photoFocus: PhotoFocus;
  role: string;
  bio: string;
}

export function localizeMember(row: MemberRow, locale: Locale): LocalMember {
  const english = new EnglishFields(locale);
  return {
    name: row.name,
    photo: row.photo,
    photoFocus: photoFocusOf(row.photo_focus),
    role: english.text("role", row.role),
    bio: english.text("bio", row.bio),
    english: english.done(),
  };
}

export interface LocalTestimonial extends Marked {
  name: string;
  company: string;
  content: string;
  rating: number;
}

export function localizeTestimonial(row: TestimonialRow, locale: Locale): LocalTestimonial {
  const english = new EnglishFields(locale);
  return {
    name: row.name,
    company: row.company,
    content: english.text("content", row.quote),
    rating: row.rating,
    english: english.done(),
  };
}

export interface LocalFigure extends Marked {
  placement: "hero" | "about";
  value: string;
  label: string;
}

export function localizeFigure(row: FigureRow, locale: Locale): LocalFigure {
  const english = new EnglishFields(locale);
  return {
    placement: row.placement === "about" ? "about" : "hero",
    value: english.text("value", row.value),
    label: english.text("label", row.label),
    english: english.done(),
  };
}

export interface LocalLegal extends Marked {
  id: "terms" | "privacy";
  title: string;
  /** Sanitized on save; sanitized again when rendered (as posts are). */
  html: string;
  effectiveAt: string;
}

export function localizeLegal(row: LegalRow, locale: Locale): LocalLegal {
  const english = new EnglishFields(locale);
  return {
    id: row.id === "privacy" ? "privacy" : "terms",
    title: english.text("title", row.title),
    html: english.text("html", row.body),
    effectiveAt: row.effective_at,
    english: english.done(),
  };
}

export interface LocalChatOption extends Marked {
  /** The `?topic=` value of the contact page it opens. */
  topic: string;
  label: string;
  message: string;
}

export function localizeChatOption(row: ChatOptionRow, locale: Locale): LocalChatOption {
  const english = new EnglishFields(locale);
  return {
    topic: row.slug,
    label: english.text("label", row.label),
    message: english.text("message", row.message),
    english: english.done(),
  };
}

export interface SocialLink {
  network: string;
  url: string;
}

/** The offices' street addresses by city (one text in every language), the strings only. */
function addressesOf(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** The settings' words in `locale` (the rest is the same in every language). */
export function localizeSettings(row: SettingsRow, locale: Locale) {
  return {
    brandName: row.brand_name,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    supportEmail: row.support_email,
    officeHours: textIn(row.office_hours, locale),
    cities: stringList(row.cities),
    officeAddresses: addressesOf(row.office_addresses),
    country: textIn(row.country, locale),
    socialLinks: Array.isArray(row.social_links)
      ? (row.social_links as unknown as SocialLink[]).filter(
          (link) => typeof link?.url === "string" && typeof link?.network === "string",
        )
      : [],
    metaDescription: textIn(row.meta_description, locale),
    authorFallbackBio: textIn(row.author_fallback_bio, locale),
  };
}

export type LocalSettings = ReturnType<typeof localizeSettings>;
