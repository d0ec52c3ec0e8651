import { Form, Link } from "react-router";
import { SvgIcon } from "~/components/icons";
import { useDisclosure } from "~/components/layout/use-disclosure";
import type { ChatLink } from "~/domain/site/content.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { useServiceLinks, useSiteConfig, whatsappHref } from "~/lib/site-config";

/**
 * Floating live-chat widget. A <details>: opens and closes without JS. Each option takes the
 * visitor to /contact with the topic's message prefilled; the service choice (a GET form, every
 * published service) to /contact with a quote request for that service.
 */
export function ChatWidget({ options }: { options: readonly ChatLink[] }) {
  const ref = useDisclosure();
  const { whatsapp } = useSiteConfig();
  const services = useServiceLinks();
  const t = useT();
  return (
    <details
      ref={ref}
      className="group fixed right-4 bottom-20 z-30 flex flex-col items-end sm:right-6 sm:bottom-6"
      data-testid="chat-widget"
    >
      <summary className="ml-auto flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800">
        <SvgIcon name="chat" className="group-open:hidden" />
        <SvgIcon name="close" className="hidden group-open:block" />
        <span className="sr-only">{t("chat.open")}</span>
      </summary>
      <div className="absolute right-0 bottom-16 w-80 max-w-[calc(100vw-2rem)] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
        <div className="bg-brand-800 px-5 py-4 text-white">
          <h2 id="chat-heading" className="font-semibold">
            {t("chat.title")}
          </h2>
          <p className="text-sm text-brand-100">{t("chat.hello")}</p>
        </div>
        <ul className="space-y-2 p-4">
          {options.map((option) => (
            <li key={option.topic}>
              <Link
                to={t.path(`/contact?topic=${encodeURIComponent(option.topic)}`)}
                lang={langOf(option, "label")}
                className="block rounded-lg border border-slate-200 px-4 py-3 font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
              >
                {option.label}
              </Link>
            </li>
          ))}
          {services.length > 0 ? (
            <li>
              <Form method="get" action={t.path("/contact")} className="flex items-end gap-2">
                <label className="flex-1 text-sm font-medium text-slate-800">
                  {t("siteContent.chat.service")}
                  <select
                    name="service"
                    className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-2.5"
                  >
                    {services.map((service) => (
                      <option key={service.id} value={service.id} lang={langOf(service, "title")}>
                        {service.title}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="submit"
                  className="rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800"
                >
                  {t("siteContent.chat.submit")}
                </button>
              </Form>
            </li>
          ) : null}
          {whatsapp ? (
            <li>
              <a
                href={whatsappHref(whatsapp)}
                rel="noopener noreferrer"
                className="flex items-center gap-2 rounded-lg border border-emerald-600 bg-emerald-50 px-4 py-3 font-medium text-emerald-900 hover:bg-emerald-100"
              >
                <SvgIcon name="chat" width={18} height={18} />
                {t("chat.whatsapp")}
              </a>
            </li>
          ) : null}
        </ul>
        <p className="px-4 pb-4 text-xs text-slate-600">{t("chat.reply")}</p>
      </div>
    </details>
  );
}
