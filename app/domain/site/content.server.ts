/**
 * The site's content in one language, as pages use it: built once per snapshot and language
 * (app/domain/site/snapshot.server.ts), then shared read-only by every request. Lists a page
 * sends to the browser carry only what their cards show.
 */
import type { Locale } from "~/i18n/locale";
import { renderLegalHtml } from "./legal.server";
import {
  type LocalCategory,
  type LocalChatOption,
  type LocalFigure,
  type LocalLegal,
  type LocalMember,
  type LocalProject,
  type LocalService,
  type LocalSettings,
  type LocalTestimonial,
  localizeCategory,
  localizeChatOption,
  localizeFigure,
  localizeLegal,
  localizeMember,
  localizeProject,
  localizeService,
  localizeSettings,
  localizeTestimonial,
} from "./localize.server";
import type { PhotoFocus } from "./photo-focus";
import type { SiteRows } from "./rows.server";
import { isTranslatedInto, textIn } from "./translated";

/**
 * A smaller view of an item, with those of its untranslated fields it shows (no `english` key
 * at all when there are none: the lists sent to the browser stay as small as they were).
 */
function view<T extends object>(
  fields: T,
  english: readonly string[] | undefined,
): T & { english?: readonly string[] } {
  const kept = english?.filter((field) => Object.hasOwn(fields, field));
  return kept?.length ? { ...fields, english: kept } : fields;
}

/** A service card (home, /services): what it shows and no more. */
export interface ServiceCard {
  id: string;
  icon: string;
  title: string;
  description: string;
  /** "From Ksh 50,000" (the services list shows it). */
  priceFrom: string;
  english?: readonly string[];
}

/** A service in the footer, the contact form's choice and the agency's mails. */
export interface ServiceLink {
  id: string;
  title: string;
  english?: readonly string[];
}

/** A project as the home page's highlights show it. */
export interface WorkItem {
  slug: string;
  title: string;
  categoryLabel: string;
  image: string | null;
  description: string;
  english?: readonly string[];
}

/** A team member as the home page's cards show it (bios are for articles' authors). */
export interface TeamCard {
  name: string;
  role: string;
  photo: string | null;
  photoFocus: PhotoFocus;
  english?: readonly string[];
}

/** A chat widget option: it opens /contact?topic={topic}. */
export interface ChatLink {
  topic: string;
  label: string;
  english?: readonly string[];
}

/** A figure as the hero and the about section show it. */
export interface FigureView {
  value: string;
  label: string;
  english?: readonly string[];
}

const figureView = ({ value, label, english }: LocalFigure): FigureView =>
  view({ value, label }, english);

/** A post author's bio: a team member's, else the settings' general line. */
export interface AuthorBio {
  text: string;
  /** `en` when the bio is shown untranslated on a page of another language. */
  lang?: "en";
}

export interface SiteContent {
  locale: Locale;
  settings: LocalSettings;
  services: readonly LocalService[];
  serviceCards: readonly ServiceCard[];
  serviceLinks: readonly ServiceLink[];
  categories: readonly LocalCategory[];
  projects: readonly LocalProject[];
  work: readonly WorkItem[];
  team: readonly LocalMember[];
  teamCards: readonly TeamCard[];
  testimonials: readonly LocalTestimonial[];
  heroFigures: readonly FigureView[];
  aboutFigures: readonly FigureView[];
  legal: Readonly<Partial<Record<LocalLegal["id"], LocalLegal>>>;
  chat: readonly LocalChatOption[];
  /** The chat widget's options (the message stays on the server: /contact?topic= fills it). */
  chatLinks: readonly ChatLink[];
  authorBio(name: string): AuthorBio;
}

/** The rows in `locale` (the settings already carry the environment's first-start values). */
export function siteContentIn(rows: SiteRows, locale: Locale): SiteContent {
  const settings = localizeSettings(rows.settings, locale);
  const services = rows.services.map((row) => localizeService(row, locale));
  const categoryById = new Map(rows.categories.map((row) => [row.id, row]));
  const projects = rows.projects.map((row) =>
    localizeProject(row, categoryById.get(row.category_id), locale),
  );
  const team = rows.team.map((row) => localizeMember(row, locale));
  const chat = rows.chat.map((row) => localizeChatOption(row, locale));
  const figures = rows.figures.map((row) => localizeFigure(row, locale));
  const fill = { brand: settings.brandName, email: settings.email };
  const legal = Object.fromEntries(
    rows.legal.map((row) => {
      const document = localizeLegal(row, locale);
      return [document.id, { ...document, html: renderLegalHtml(document.html, fill) }];
    }),
  );
  const fallbackBio: AuthorBio = {
    text: textIn(rows.settings.author_fallback_bio, locale),
    lang: isTranslatedInto(rows.settings.author_fallback_bio, locale) ? undefined : "en",
  };
  return {
    locale,
    settings,
    services,
    serviceCards: services.map(({ id, icon, title, description, priceFrom, english }) =>
      view({ id, icon, title, description, priceFrom }, english),
    ),
    serviceLinks: services.map(({ id, title, english }) => view({ id, title }, english)),
    categories: rows.categories.map((row) => localizeCategory(row, locale)),
    projects,
    work: projects.map(({ slug, title, categoryLabel, image, description, english }) =>
      view({ slug, title, categoryLabel, image, description }, english),
    ),
    team,
    teamCards: team.map(({ name, role, photo, photoFocus, english }) =>
      view({ name, role, photo, photoFocus }, english),
    ),
    testimonials: rows.testimonials.map((row) => {
      const { english, ...shown } = localizeTestimonial(row, locale);
      return view(shown, english);
    }),
    heroFigures: figures.filter((figure) => figure.placement === "hero").map(figureView),
    aboutFigures: figures.filter((figure) => figure.placement === "about").map(figureView),
    legal,
    chat,
    chatLinks: chat.map(({ topic, label, english }) => view({ topic, label }, english)),
    authorBio(name) {
      const member = team.find((m) => m.name === name);
      if (!member) return fallbackBio;
      return { text: member.bio, lang: member.english?.includes("bio") ? "en" : undefined };
    },
  };
}
