import { useId } from "react";
import { NavLink, useLocation, useRouteLoaderData } from "react-router";
import { SvgIcon } from "~/components/icons";
import { useDisclosure } from "~/components/layout/use-disclosure";
import type { MessageKey } from "~/i18n/messages";
import { type Translate, useT } from "~/i18n/use-t";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", key: "overview", end: true },
  { to: "/admin/messages", label: "Messages", key: "messages", end: false },
  { to: "/admin/clients", label: "Clients", key: "clients", end: false },
  { to: "/admin/quotes", label: "Quotes", key: "quotes", end: false },
  { to: "/admin/posts", label: "Posts", key: "posts", end: false },
  { to: "/admin/blog-categories", label: "Blog categories", key: "blogCategories", end: false },
  { to: "/admin/blog-tags", label: "Blog tags", key: "blogTags", end: false },
  { to: "/admin/media", label: "Media", key: "media", end: false },
  { to: "/admin/invoices", label: "Invoices", key: "invoices", end: false },
  { to: "/admin/payments", label: "Payments", key: "payments", end: false },
  { to: "/admin/billing", label: "Billing", key: "billing", end: false },
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

/** The section of `pathname` (the longest `to` it is, or is under), or null. */
export function currentSection(pathname: string): Section | null {
  const all: readonly Section[] = [...ADMIN_SECTIONS, ...SITE_SECTIONS];
  const path = pathname.replace(/\/+$/, "") || "/";
  return (
    all
      .filter((s) => path === s.to || (!s.end && path.startsWith(`${s.to}/`)))
      .sort((a, b) => b.to.length - a.to.length)[0] ?? null
  );
}

const linkClass = (isActive: boolean, shape: string) =>
  `${shape} text-sm font-semibold ${
    isActive
      ? "bg-brand-800 text-white"
      : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
  }`;

/** The wide screen's rows: one pill per section, wrapped. */
function Sections({ sections, label }: { sections: readonly Section[]; label: string }) {
  const t = useT();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {sections.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end={section.end}
            className={({ isActive }) =>
              linkClass(isActive, "inline-flex whitespace-nowrap rounded-full px-4 py-2")
            }
          >
            {labelOf(t, section)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The phone menu's group of sections: a heading and two columns of links. */
function MenuGroup({ sections, label }: { sections: readonly Section[]; label: string }) {
  const t = useT();
  const headingId = useId();
  return (
    <div>
      <p id={headingId} className="mb-2 text-sm font-semibold text-slate-700">
        {label}
      </p>
      <ul className="grid grid-cols-2 gap-2" aria-labelledby={headingId}>
        {sections.map((section) => (
          <li key={section.to} className="min-w-0">
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                linkClass(isActive, "flex min-h-11 items-center rounded-lg px-3 py-2")
              }
            >
              {labelOf(t, section)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The admin pages a staff member may open (the admin layout's loader says which:
 * app/web/staff-pages.ts), or null for an administrator, who opens them all.
 */
export function useStaffSections(): readonly string[] | null {
  const layout = useRouteLoaderData("routes/admin/layout") as
    | { sections?: readonly string[] | null }
    | undefined;
  return layout?.sections ?? null;
}

/**
 * The admin area's navigation, on every admin page (the current section is marked). On a wide
 * screen, two wrapped rows of sections. On a phone (below `sm`), the 18 sections would be two
 * rows swiped sideways, 12 of them off-screen: there they are one menu instead, a `<details>`
 * (it opens without JavaScript) whose button names the current section; with JavaScript it
 * closes on a navigation, on Escape and on a tap outside it (useDisclosure).
 */
export function AdminNav() {
  const t = useT();
  const ref = useDisclosure();
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  // Staff are offered their pages only, no site editor.
  const only = useStaffSections();
  const office = only ? ADMIN_SECTIONS.filter((s) => only.includes(s.to)) : ADMIN_SECTIONS;
  const site = only ? [] : SITE_SECTIONS;
  return (
    <nav aria-label={t("adminOffice.nav.label")} className="mb-8">
      <details ref={ref} className="group sm:hidden" data-testid="admin-menu">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0">
            {t("adminOffice.nav.menu")}
            {current ? (
              <span className="font-normal text-slate-700"> — {labelOf(t, current)}</span>
            ) : null}
          </span>
          <SvgIcon
            name="chevronDown"
            className="shrink-0 transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="mt-2 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <MenuGroup sections={office} label={t("adminOffice.nav.office")} />
          {site.length > 0 ? <MenuGroup sections={site} label={t("adminOffice.nav.site")} /> : null}
        </div>
      </details>
      <div className="hidden space-y-2 sm:block">
        <Sections sections={office} label={t("adminOffice.nav.office")} />
        {site.length > 0 ? <Sections sections={site} label={t("adminOffice.nav.site")} /> : null}
      </div>
    </nav>
  );
}
