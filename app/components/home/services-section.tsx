import { Link } from "react-router";
import { ServiceGrid } from "~/components/services/service-card";
import type { ServiceCard } from "~/domain/site/content.server";
import { useT } from "~/i18n/use-t";
import { HomeSection } from "./section";

export function ServicesSection({ services }: { services: readonly ServiceCard[] }) {
  const t = useT();
  return (
    <HomeSection id="services" title={t("services.title")} intro={t("services.intro")} tone="muted">
      <ServiceGrid services={services} />
      <p className="mt-10 text-center">
        <Link
          to={t.path("/services")}
          className="font-semibold text-brand-700 hover:text-brand-800"
        >
          {t("home.viewAllServices")}
        </Link>
      </p>
    </HomeSection>
  );
}
