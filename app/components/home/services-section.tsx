import { Link } from "react-router";
import { ServiceGrid } from "~/components/services/service-card";
import { services } from "~/content/services";
import { HomeSection } from "./section";

export function ServicesSection() {
  return (
    <HomeSection
      id="services"
      title="Our Services"
      intro="Everything a growing business needs to succeed online, from one trusted partner."
      tone="muted"
    >
      <ServiceGrid services={services} />
      <p className="mt-10 text-center">
        <Link to="/services" className="font-semibold text-brand-700 hover:text-brand-800">
          View all services
        </Link>
      </p>
    </HomeSection>
  );
}
