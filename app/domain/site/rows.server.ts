/**
 * Everything visitors see of the site's content, as the `site_content()` RPC returns it
 * (supabase/migrations/20261204000001_site_content.sql): published rows only, in list order.
 * The same shape is what the snapshot keeps on disk.
 */
import type { Tables } from "~/infra/database.types";
import type {
  CategoryRow,
  ChatOptionRow,
  FigureRow,
  LegalRow,
  MemberRow,
  ProjectRow,
  ServiceRow,
  SettingsRow,
  TestimonialRow,
} from "./localize.server";

export type RedirectRow = Pick<Tables<"content_redirects">, "entity" | "old_slug" | "target_id">;

export interface SiteRows {
  settings: SettingsRow;
  services: ServiceRow[];
  categories: CategoryRow[];
  projects: ProjectRow[];
  team: MemberRow[];
  testimonials: TestimonialRow[];
  figures: FigureRow[];
  legal: LegalRow[];
  chat: ChatOptionRow[];
  redirects: RedirectRow[];
}

const LISTS = [
  "services",
  "categories",
  "projects",
  "team",
  "testimonials",
  "figures",
  "legal",
  "chat",
  "redirects",
] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export class SiteRowsError extends Error {}

/**
 * The RPC's answer (or the file saved from one) as rows, or SiteRowsError when it is not that
 * shape: no settings row, a list that is not a list of objects. The columns themselves are the
 * database's (its checks hold them), so they are not re-validated here.
 */
export function parseSiteRows(value: unknown): SiteRows {
  if (!isObject(value)) throw new SiteRowsError("site content is not an object");
  if (!isObject(value.settings)) throw new SiteRowsError("site content has no settings row");
  for (const name of LISTS) {
    const list = value[name];
    if (!Array.isArray(list) || !list.every(isObject)) {
      throw new SiteRowsError(`site content: ${name} is not a list of rows`);
    }
  }
  return value as unknown as SiteRows;
}
