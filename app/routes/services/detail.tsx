import { data } from "react-router";
import { ServiceDetail } from "~/components/services/service-detail";
import { findService } from "~/content/services";
import { publicCacheHeaders, publicPageHeaders } from "~/lib/cache-control";
import { errorMeta } from "~/lib/public-meta";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { serviceJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/detail";

/** One of the 8 services; any other id is a real 404 (the Not Found screen). */
export function loader({ request, params }: Route.LoaderArgs) {
  const service = findService(params.serviceId);
  if (!service) throw data({ path: `/services/${params.serviceId}` }, { status: 404 });
  return data({ service }, { headers: publicCacheHeaders(request) });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const service = loaderData?.service;
  if (!service) return errorMeta(matches, error);
  return pageMeta(matches, {
    title: service.title,
    description: `${service.description} ${service.priceRange}.`,
    path: `/services/${service.id}`,
    image: service.image,
    jsonLd: serviceJsonLd(siteFromMatches(matches), service),
  });
};

export default function ServiceDetailRoute({ loaderData }: Route.ComponentProps) {
  return <ServiceDetail service={loaderData.service} />;
}
