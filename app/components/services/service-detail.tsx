import { Link } from "react-router";
import { iconNamed, SvgIcon } from "~/components/icons";
import type { LocalService } from "~/domain/site/localize.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { mailtoHref } from "~/lib/mailto";
import { telHref, useSiteConfig, whatsappHref } from "~/lib/site-config";

/** A service page: long description, price, features, process, technologies and calls to action. */
export function ServiceDetail({ service }: { service: LocalService }) {
  const site = useSiteConfig();
  const t = useT();
  const subject = t("services.emailSubject", { service: service.title });
  return (
    <article>
      <header className="bg-brand-900 px-4 pt-24 pb-14 text-white sm:px-6">
        <div className="mx-auto max-w-6xl">
          <Link
            to={t.path("/services")}
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-100 hover:text-white"
          >
            <SvgIcon name="arrowLeft" width={16} height={16} />
            {t("common.back")}
          </Link>
          <div className="mt-6 grid items-center gap-10 lg:grid-cols-2">
            <div>
              <span className="flex h-14 w-14 items-center justify-center rounded-xl bg-white/10">
                <SvgIcon name={iconNamed(service.icon)} width={28} height={28} />
              </span>
              <h1
                className="mt-4 text-4xl font-extrabold tracking-tight"
                lang={langOf(service, "title")}
              >
                {service.title}
              </h1>
              <p className="mt-4 text-lg text-brand-100" lang={langOf(service, "longDescription")}>
                {service.longDescription}
              </p>
            </div>
            {service.image ? (
              <img
                src={service.image}
                alt=""
                width={640}
                height={400}
                className="w-full rounded-2xl"
              />
            ) : null}
          </div>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-3">
        <div className="space-y-12 lg:col-span-2">
          <section aria-labelledby="features-heading">
            <h2 id="features-heading" className="text-2xl font-bold text-slate-900">
              {t("services.keyFeatures")}
            </h2>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              {service.features.map((feature, index) => (
                <li
                  key={feature}
                  className="flex gap-2 text-slate-700"
                  lang={langOf(service, `features.${index}`)}
                >
                  <SvgIcon name="check" className="mt-0.5 shrink-0 text-brand-700" />
                  {feature}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="process-heading">
            <h2 id="process-heading" className="text-2xl font-bold text-slate-900">
              {t("services.process")}
            </h2>
            <ol className="mt-5 grid gap-4 sm:grid-cols-2">
              {service.process.map((step, index) => (
                <li key={step.title} className="rounded-xl border border-slate-200 p-5">
                  <span className="text-sm font-bold text-brand-700">
                    {t("services.step", { n: index + 1 })}
                  </span>
                  <h3
                    className="mt-1 font-semibold text-slate-900"
                    lang={langOf(service, `process.${index}.title`)}
                  >
                    {step.title}
                  </h3>
                  <p
                    className="mt-1 text-slate-600"
                    lang={langOf(service, `process.${index}.description`)}
                  >
                    {step.description}
                  </p>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="tech-heading">
            <h2 id="tech-heading" className="text-2xl font-bold text-slate-900">
              {t("services.technologies")}
            </h2>
            <ul className="mt-5 flex flex-wrap gap-2">
              {service.technologies.map((tech, index) => (
                <li
                  key={tech}
                  lang={langOf(service, `technologies.${index}`)}
                  className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
                >
                  {tech}
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside
          aria-labelledby="pricing-heading"
          className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6 lg:sticky lg:top-24"
        >
          <h2 id="pricing-heading" className="text-sm font-semibold text-slate-600 uppercase">
            {t("services.priceRange")}
          </h2>
          <p className="mt-2 text-2xl font-bold text-slate-900" data-testid="price-range">
            {service.priceRange}
          </p>
          <p className="mt-6 text-lg font-semibold text-slate-900" lang={langOf(service, "cta")}>
            {service.cta}
          </p>
          <div className="mt-4 flex flex-col gap-3">
            <Link
              to={t.path(`/contact?service=${service.id}#contact-form-heading`)}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-amber-400 px-5 py-3 text-center font-semibold text-slate-900 hover:bg-amber-300"
            >
              {t("services.quote", { service: service.title })}
            </Link>
            {site.phone ? (
              <a
                href={telHref(site.phone)}
                className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
              >
                <SvgIcon name="phone" width={18} height={18} />
                {t("services.callUs")}
              </a>
            ) : null}
            {site.whatsapp ? (
              <a
                href={whatsappHref(
                  site.whatsapp,
                  t("services.whatsappText", { service: service.title }),
                )}
                rel="noopener noreferrer"
                className="inline-flex items-center justify-center gap-2 rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
              >
                <SvgIcon name="chat" width={18} height={18} />
                WhatsApp
              </a>
            ) : null}
            <a
              href={mailtoHref(site.email, { subject })}
              className="inline-flex items-center justify-center gap-2 rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              <SvgIcon name="mail" width={18} height={18} />
              {t("services.emailUs")}
            </a>
          </div>
        </aside>
      </div>
    </article>
  );
}
