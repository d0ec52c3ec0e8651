import { NavLink } from "react-router";
import type { MessageKey } from "~/i18n/messages";
import { type Translate, useT } from "~/i18n/use-t";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", key: "overview", end: true },
  { to: "/admin/messages", label: "Messages", key: "messages", end: false },
  { to: "/admin/clients", label: "Clients", key: "clients", end: false },
  { to: "/admin/posts", label: "Posts", key: "posts", end: false },
  { to: "/admin/blog-categories", label: "Blog categories", key: "blogCategories", end: false },
  { to: "/admin/blog-tags", label: "Blog tags", key: "blogTags", end: false },
  { to: "/admin/media", label: "Media", key: "media", end: false },
  { to: "/admin/subscribers", label: "Subscribers", key: "subscribers", end: false },
  { to: "/admin/people", label: "People", key: "people", end: false },
  { to: "/admin/analytics", label: "Analytics", key: "analytics", end: false },
] as const;

/** The site editors (app/domain/site/editor/kinds.ts): everything else visitors read. */
export const SITE_SECTIONS = [
  { to: "/admin/services", label: "Services", key: "services", end: false },
  { to: "/admin/portfolio", label: "Portfolio", key: "portfolio", end: false },
  {
    to: "/admin/portfolio-categories",
    label: "Categories",
    key: "portfolioCategories",
    end: false,
  },
  { to: "/admin/team", label: "Team", key: "team", end: false },
  { to: "/admin/testimonials", label: "Testimonials", key: "testimonials", end: false },
  { to: "/admin/figures", label: "Figures", key: "figures", end: false },
  { to: "/admin/legal", label: "Legal pages", key: "legal", end: false },
  { to: "/admin/chat", label: "Chat options", key: "chat", end: false },
  { to: "/admin/settings", label: "Settings", key: "settings", end: false },
] as const;

/** `label` is the English name; `key` its message under `adminOffice.nav`. */
type NavKey = MessageKey extends infer K
  ? K extends `adminOffice.nav.${infer N}`
    ? N
    : never
  : never;
type Section = { to: string; label: string; key: NavKey; end: boolean };

function labelOf(t: Translate, section: Section): string {
  return t(`adminOffice.nav.${section.key}`);
}

function Sections({ sections, label }: { sections: readonly Section[]; label: string }) {
  const t = useT();
  return (
    // One row each on a phone, swiped sideways (the page itself never scrolls sideways); wrapped
    // from the small breakpoint up.
    <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap" aria-label={label}>
      {sections.map((section) => (
        <li key={section.to} className="shrink-0">
          <NavLink
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              `inline-flex whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ${
                isActive
                  ? "bg-brand-800 text-white"
                  : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
              }`
            }
          >
            {labelOf(t, section)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The admin area's navigation, on every admin page (the current section is marked). */
export function AdminNav() {
  const t = useT();
  return (
    <nav aria-label={t("adminOffice.nav.label")} className="mb-8 space-y-2">
      <Sections sections={ADMIN_SECTIONS} label={t("adminOffice.nav.office")} />
      <Sections sections={SITE_SECTIONS} label={t("adminOffice.nav.site")} />
    </nav>
  );
}
