import { Link } from "react-router";
import { SvgIcon } from "~/components/icons";
import { serviceSummaries } from "~/content/services";
import { telHref, useSiteConfig } from "~/lib/site-config";

const quickLinks = [
  { to: "/", label: "Home" },
  { to: "/#about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

const socialLinks = [
  { href: "https://www.facebook.com/jengadigital", label: "Facebook" },
  { href: "https://x.com/jengadigital", label: "X (Twitter)" },
  { href: "https://www.linkedin.com/company/jengadigital", label: "LinkedIn" },
  { href: "https://www.instagram.com/jengadigital", label: "Instagram" },
];

export function SiteFooter() {
  const site = useSiteConfig();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.brandName}</p>
          <p className="mt-3 text-sm leading-6">
            Websites, apps and digital marketing that help businesses across Africa grow.
          </p>
          <ul className="footer-links mt-4 flex flex-wrap gap-x-4" aria-label="Social media">
            {socialLinks.map((s) => (
              <li key={s.label}>
                <a href={s.href} rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-white">
            Quick Links
          </h2>
          <ul className="footer-links mt-3">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-semibold text-white">
            Services
          </h2>
          <ul className="footer-links mt-3">
            {serviceSummaries.map((s) => (
              <li key={s.id}>
                <Link to={`/services/${s.id}`}>{s.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">Contact Us</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <SvgIcon name="phone" width={16} height={16} />
              <a href={telHref(site.phone)}>{site.phone}</a>
            </li>
            <li className="flex items-center gap-2">
              <SvgIcon name="mail" width={16} height={16} />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li className="flex items-center gap-2">
              <SvgIcon name="mail" width={16} height={16} />
              <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </li>
            <li className="flex items-center gap-2">
              <SvgIcon name="mapPin" width={16} height={16} />
              <span>
                {site.cities.join(" · ")}, {site.country}
              </span>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-6 text-center text-sm text-slate-400">
        © {new Date().getFullYear()} {site.brandName}. All rights reserved. ·{" "}
        <Link to="/terms">Terms of Service</Link> · <Link to="/privacy">Privacy Policy</Link>
      </p>
    </footer>
  );
}
