import { NavLink } from "react-router";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/messages", label: "Messages", end: false },
  { to: "/admin/clients", label: "Clients", end: false },
  { to: "/admin/posts", label: "Posts", end: false },
  { to: "/admin/blog-categories", label: "Blog categories", end: false },
  { to: "/admin/blog-tags", label: "Blog tags", end: false },
  { to: "/admin/media", label: "Media", end: false },
  { to: "/admin/subscribers", label: "Subscribers", end: false },
  { to: "/admin/people", label: "People", end: false },
  { to: "/admin/analytics", label: "Analytics", end: false },
] as const;

/** The site editors (app/domain/site/editor/kinds.ts): everything else visitors read. */
export const SITE_SECTIONS = [
  { to: "/admin/services", label: "Services", end: false },
  { to: "/admin/portfolio", label: "Portfolio", end: false },
  { to: "/admin/portfolio-categories", label: "Categories", end: false },
  { to: "/admin/team", label: "Team", end: false },
  { to: "/admin/testimonials", label: "Testimonials", end: false },
  { to: "/admin/figures", label: "Figures", end: false },
  { to: "/admin/legal", label: "Legal pages", end: false },
  { to: "/admin/chat", label: "Chat options", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
] as const;

type Section = { to: string; label: string; end: boolean };

function Sections({ sections, label }: { sections: readonly Section[]; label: string }) {
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
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The admin area's navigation, on every admin page (the current section is marked). */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="mb-8 space-y-2">
      <Sections sections={ADMIN_SECTIONS} label="Office" />
      <Sections sections={SITE_SECTIONS} label="Site content" />
    </nav>
  );
}
