import { Link } from "react-router";
import { iconNamed, SvgIcon } from "~/components/icons";
import type { ServiceCard as ServiceCardData } from "~/domain/site/content.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { staggerStyle } from "~/lib/stagger";

/**
 * A service in the grid: icon, title, description, with `showPrice` where its price starts, and
 * 'Learn More' → /services/{id}.
 */
export function ServiceCard({
  service,
  headingLevel = 3,
  showPrice = false,
}: {
  service: ServiceCardData;
  headingLevel?: 2 | 3;
  showPrice?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const t = useT();
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-md">
      <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <SvgIcon name={iconNamed(service.icon)} />
      </span>
      <Heading
        className="mt-4 text-lg font-semibold text-slate-900"
        lang={langOf(service, "title")}
      >
        {service.title}
      </Heading>
      <p className="mt-2 flex-1 text-slate-600" lang={langOf(service, "description")}>
        {service.description}
      </p>
      {showPrice ? <p className="mt-3 font-semibold text-slate-900">{service.priceFrom}</p> : null}
      <Link
        to={t.path(`/services/${service.id}`)}
        className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-800"
      >
        {t.rich(
          "services.learnMore",
          {
            sr: (children, key) => (
              <span key={key} className="sr-only">
                {children}
              </span>
            ),
          },
          { service: service.title },
        )}
        <SvgIcon name="arrowRight" width={16} height={16} />
      </Link>
    </article>
  );
}

/** The grid of all services (with `showPrice`, each one's starting price). */
export function ServiceGrid({
  services,
  headingLevel,
  showPrice,
}: {
  services: readonly ServiceCardData[];
  headingLevel?: 2 | 3;
  showPrice?: boolean;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {services.map((service, index) => (
        <li key={service.id} className="stagger-in flex" style={staggerStyle(index)}>
          <ServiceCard service={service} headingLevel={headingLevel} showPrice={showPrice} />
        </li>
      ))}
    </ul>
  );
}
