import { ServiceDetail } from "~/components/services/service-detail";
import { publicPageHeaders } from "~/infra/cache-policy";
import { errorMeta } from "~/lib/public-meta";
import { pageMeta } from "~/lib/seo";
import { serviceJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/detail";

export { loader } from "./detail.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const service = loaderData?.service;
  if (!service) return errorMeta(matches, error);
  return pageMeta(matches, {
    title: service.title,
    description: `${service.description} ${service.priceRange}.`,
    path: `/services/${service.id}`,
    image: service.image ?? undefined,
    jsonLd: serviceJsonLd(service),
  });
};

export default function ServiceDetailRoute({ loaderData }: Route.ComponentProps) {
  return <ServiceDetail service={loaderData.service} />;
}
