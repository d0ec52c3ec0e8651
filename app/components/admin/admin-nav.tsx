import { NavLink } from "react-router";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/messages", label: "Messages", end: false },
  { to: "/admin/posts", label: "Posts", end: false },
  { to: "/admin/subscribers", label: "Subscribers", end: false },
  { to: "/admin/people", label: "People", end: false },
] as const;

/** The admin area's navigation, on every admin page (the current section is marked). */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                `inline-flex rounded-full px-4 py-2 text-sm font-semibold ${
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
    </nav>
  );
}
