import { SvgIcon } from "~/components/icons";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { mailtoHref } from "~/lib/mailto";
import { officesWithAddress, telHref, useServiceLinks, useSiteConfig } from "~/lib/site-config";
import { LanguageSwitcher } from "./language-switcher";
import { ShellLink } from "./shell-links";

const quickLinks = [
  { to: "/", label: "nav.home" },
  { to: "/#about", label: "footer.aboutUs" },
  { to: "/services", label: "nav.services" },
  { to: "/blog", label: "nav.blog" },
  { to: "/contact", label: "nav.contact" },
] as const;

/** The networks' own names (the same in every language), by the settings' `network`. */
const NETWORK_NAMES: Record<string, string> = {
  facebook: "Facebook",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
  instagram: "Instagram",
  youtube: "YouTube",
  tiktok: "TikTok",
};

export function SiteFooter() {
  const site = useSiteConfig();
  const t = useT();
  const serviceLinks = useServiceLinks();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.brandName}</p>
          <p className="mt-3 text-sm leading-6">{t("footer.tagline")}</p>
          {site.socialLinks.length > 0 ? (
            <ul
              className="footer-links mt-4 flex flex-wrap gap-x-4"
              aria-label={t("footer.social")}
            >
              {site.socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer">
                    {NETWORK_NAMES[link.network] ?? link.network}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="font-semibold text-white">
            {t("footer.quickLinks")}
          </h2>
          <ul className="footer-links mt-3">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <ShellLink to={t.path(l.to)}>{t(l.label)}</ShellLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-semibold text-white">
            {t("nav.services")}
          </h2>
          <ul className="footer-links mt-3">
            {serviceLinks.map((s) => (
              <li key={s.id}>
                <ShellLink to={t.path(`/services/${s.id}`)} lang={langOf(s, "title")}>
                  {s.title}
                </ShellLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t("common.contactUs")}</h2>
          <ul className="footer-links mt-3 space-y-1 text-sm">
            {site.phone ? (
              <li className="flex items-center gap-2">
                <SvgIcon name="phone" width={16} height={16} />
                <a href={telHref(site.phone)}>{site.phone.display}</a>
              </li>
            ) : null}
            <li className="flex items-center gap-2">
              <SvgIcon name="mail" width={16} height={16} />
              <a href={mailtoHref(site.email)}>{site.email}</a>
            </li>
            <li className="flex items-center gap-2">
              <SvgIcon name="mail" width={16} height={16} />
              <a href={mailtoHref(site.supportEmail)}>{site.supportEmail}</a>
            </li>
            <li className="flex items-center gap-2">
              <SvgIcon name="mapPin" width={16} height={16} />
              <span>
                {site.cities.join(" · ")}, {site.country}
              </span>
            </li>
            {officesWithAddress(site).map(({ city, address }) => (
              <li key={city}>
                <address className="not-italic">{t("footer.officeAt", { city, address })}</address>
              </li>
            ))}
          </ul>
          <LanguageSwitcher className="footer-links mt-4" linkClassName="px-1" />
        </div>
      </div>
      <p className="border-t border-slate-800 py-6 text-center text-sm text-slate-400">
        {t("footer.rights", { year: new Date().getFullYear(), brand: site.brandName })} ·{" "}
        <ShellLink to={t.path("/terms")}>{t("footer.terms")}</ShellLink> ·{" "}
        <ShellLink to={t.path("/privacy")}>{t("footer.privacy")}</ShellLink>
      </p>
    </footer>
  );
}
