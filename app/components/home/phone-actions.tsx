import { SvgIcon } from "~/components/icons";
import { useT } from "~/i18n/use-t";
import { telHref, useSiteConfig, whatsappHref } from "~/lib/site-config";

/**
 * On phones, a bar that stays at the bottom of the long home page: "Contact us" (the form on
 * this page), a call button and, when configured, WhatsApp. Hidden from small tablets up.
 */
export function PhoneActions() {
  const site = useSiteConfig();
  const t = useT();
  const button =
    "inline-flex flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-2.5 text-sm font-semibold whitespace-nowrap";
  return (
    <nav
      aria-label={t("home.quickContact")}
      className="phone-actions fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-slate-200 bg-white/95 p-2 backdrop-blur sm:hidden"
    >
      <a href="#contact" className={`${button} bg-brand-700 text-white`}>
        <SvgIcon name="mail" width={16} height={16} />
        {t("home.contactShort")}
      </a>
      {site.phone ? (
        <a
          href={telHref(site.phone)}
          className={`${button} border border-brand-700 text-brand-700`}
        >
          <SvgIcon name="phone" width={16} height={16} />
          {t("home.call")}
        </a>
      ) : null}
      {site.whatsapp ? (
        <a
          href={whatsappHref(site.whatsapp)}
          rel="noopener noreferrer"
          className={`${button} border border-emerald-600 text-emerald-800`}
        >
          <SvgIcon name="chat" width={16} height={16} />
          WhatsApp
        </a>
      ) : null}
    </nav>
  );
}
