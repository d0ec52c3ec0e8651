import { PageHeading } from "~/components/page-heading";
import { ServiceGrid } from "~/components/services/service-card";
import { services } from "~/content/services";
import { publicPageHeaders } from "~/infra/http-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/index";

export { loader } from "./index.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Our Services",
    description:
      "Web development, mobile apps, custom software, web hosting, bulk SMS, digital marketing, graphic design and AI chatbot assistants — with prices in Ksh.",
    path: "/services",
  });

export default function ServicesRoute() {
  return (
    <>
      <PageHeading
        title="Our Services"
        subtitle="Everything a growing business needs to succeed online, from one trusted partner."
      />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 className="sr-only">All services</h2>
        <ServiceGrid services={services} />
      </div>
    </>
  );
}
