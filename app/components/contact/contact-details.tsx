import { SvgIcon } from "~/components/icons";
import { formatList } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { mailtoHref } from "~/lib/mailto";
import { officesWithAddress, telHref, useSiteConfig, whatsappHref } from "~/lib/site-config";

/** Phone, WhatsApp, e-mails, offices and hours, with working tel:/wa.me/mailto: links. */
export function ContactDetails({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const site = useSiteConfig();
  const t = useT();
  const cities = site.citiesText ?? formatList(site.cities, t.locale);
  const Heading = `h${headingLevel}` as const;
  const link = "font-medium text-brand-700 underline-offset-2 hover:underline";
  return (
    <aside aria-label={t("contact.details")} className="rounded-2xl bg-slate-50 p-6">
      <Heading className="text-lg font-semibold text-slate-900">{t("contact.details")}</Heading>
      <ul className="mt-4 space-y-4 text-slate-700">
        {site.phone ? (
          <li className="flex gap-3">
            <SvgIcon name="phone" className="mt-0.5 shrink-0 text-brand-700" />
            <a className={link} href={telHref(site.phone)}>
              {site.phone.display}
            </a>
          </li>
        ) : null}
        {site.whatsapp ? (
          <li className="flex gap-3">
            <SvgIcon name="chat" className="mt-0.5 shrink-0 text-brand-700" />
            <a className={link} href={whatsappHref(site.whatsapp)} rel="noopener noreferrer">
              {t("contact.whatsapp")}
            </a>
          </li>
        ) : null}
        <li className="flex gap-3">
          <SvgIcon name="mail" className="mt-0.5 shrink-0 text-brand-700" />
          <span className="flex flex-col">
            <a className={link} href={mailtoHref(site.email)}>
              {site.email}
            </a>
            <a className={link} href={mailtoHref(site.supportEmail)}>
              {site.supportEmail}
            </a>
          </span>
        </li>
        <li className="flex gap-3">
          <SvgIcon name="mapPin" className="mt-0.5 shrink-0 text-brand-700" />
          <span className="flex flex-col">
            <span>{t("contact.offices", { cities, country: site.country })}</span>
            {officesWithAddress(site).map(({ city, address }) => (
              <address key={city} className="not-italic">
                {t("footer.officeAt", { city, address })}
              </address>
            ))}
          </span>
        </li>
        <li className="flex gap-3">
          <SvgIcon name="clock" className="mt-0.5 shrink-0 text-brand-700" />
          <span className="flex flex-col">
            <span>{t("contact.hours", { hours: site.officeHours })}</span>
            <span>{t("contact.replyWithin")}</span>
          </span>
        </li>
      </ul>
    </aside>
  );
}
