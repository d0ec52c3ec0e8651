import { getSiteConfig } from "~/domain/site/config.server";
import { renderLegalHtml } from "~/domain/site/legal.server";
import {
  type CategoryRow,
  type LegalRow,
  type LocalLegal,
  type LocalProject,
  type LocalService,
  localizeLegal,
  localizeProject,
  localizeService,
  type ProjectRow,
  type ServiceRow,
} from "~/domain/site/localize.server";
import { LOCALES, type Locale } from "~/i18n/locale";
import type { MessageBundle } from "~/i18n/messages";
import { bundle } from "~/i18n/translate.server";
import type { KindSpec } from "./fields";
import type { SiteRow } from "./items.server";

/**
 * "Preview" of the service, project and legal editors: the typed (validated, unsaved) values
 * as the public page will show them in each language — through the same localization as the
 * public pages (app/domain/site/localize.server.ts), with each language's page messages.
 */
export type PreviewPages =
  | { page: "service"; items: Record<Locale, LocalService> }
  | { page: "project"; items: Record<Locale, LocalProject> }
  | { page: "legal"; items: Record<Locale, LocalLegal> };

export type SitePreview = PreviewPages & { messages: Record<Locale, MessageBundle> };

/** The messages each public page component reads (app/components/{services,portfolio,legal}). */
const PAGE_MESSAGES = {
  service: ["common", "services"],
  project: ["common", "portfolio"],
  legal: ["legal"],
} as const;

const perLocale = <T>(make: (locale: Locale) => T) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;

/** What the preview shows for `columns` typed over `stored` (null: a new item). */
export async function sitePreview(
  kind: KindSpec,
  columns: Record<string, unknown>,
  stored: SiteRow | null,
  categories: readonly CategoryRow[],
): Promise<SitePreview | null> {
  if (!kind.preview) return null;
  const now = new Date().toISOString();
  const row = {
    id: 0,
    position: 0,
    published: false,
    version: 1,
    created_at: now,
    updated_at: now,
    ...stored,
    ...columns,
  };
  const messages = perLocale((locale) => bundle(locale, PAGE_MESSAGES[kind.preview ?? "legal"]));
  switch (kind.preview) {
    case "service":
      return {
        page: "service",
        items: perLocale((l) => localizeService(row as unknown as ServiceRow, l)),
        messages,
      };
    case "project": {
      const project = row as unknown as ProjectRow;
      const category = categories.find((c) => c.id === project.category_id);
      return {
        page: "project",
        items: perLocale((l) => localizeProject(project, category, l)),
        messages,
      };
    }
    case "legal": {
      // Filled in and sanitized exactly as the public page does (app/domain/site/legal.server.ts).
      const sites = await Promise.all(LOCALES.map((l) => getSiteConfig(l)));
      return {
        page: "legal",
        items: perLocale((l) => {
          const legal = localizeLegal(row as unknown as LegalRow, l);
          const site = sites[LOCALES.indexOf(l)] ?? sites[0];
          const fill = { brand: site?.brandName ?? "", email: site?.email ?? "" };
          return { ...legal, html: renderLegalHtml(legal.html, fill) };
        }),
        messages,
      };
    }
  }
}
