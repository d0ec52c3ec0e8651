import { createContext, type RouterContextProvider } from "react-router";

/**
 * The tables of the site's content (supabase/migrations/20261204000001_site_content.sql) and the
 * blog's categories and tags (supabase/migrations/20261205100001_blog_taxonomy.sql).
 */
export type SiteEntity =
  | "site_settings"
  | "services"
  | "portfolio_categories"
  | "portfolio_projects"
  | "team_members"
  | "testimonials"
  | "site_figures"
  | "legal_documents"
  | "chat_options"
  | "blog_categories"
  | "blog_tags";

/**
 * Something visitors see changed: cached public pages showing it must go, and (for the site's
 * content) every worker's content snapshot is rebuilt.
 */
export type ContentChange =
  | { kind: "posts" }
  | { kind: "media" }
  | { kind: "site"; entity: SiteEntity };

/**
 * The port through which the app announces content changes. The Node server plugs in its page
 * cache (and, with several workers or instances, its broadcast); tests and scripts get a no-op.
 */
export interface ContentEvents {
  announce(change: ContentChange): void;
}

export const contentEventsContext = createContext<ContentEvents>({ announce() {} });

export function announceContentChange(
  context: Readonly<RouterContextProvider>,
  change: ContentChange,
): void {
  context.get(contentEventsContext).announce(change);
}
