export const mainNav = [
  { to: "/", label: "nav.home" },
  { to: "/services", label: "nav.services" },
  { to: "/blog", label: "nav.blog" },
  { to: "/portfolio", label: "nav.portfolio" },
  { to: "/contact", label: "nav.contact" },
] as const;
