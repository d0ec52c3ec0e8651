import { data } from "react-router";
import { findService } from "~/content/services";
import { publicCacheHeaders } from "~/infra/http-policy";
import type { Route } from "./+types/detail";

/** One of the 8 services; any other id is a real 404 (the Not Found screen). */
export function loader({ request, params }: Route.LoaderArgs) {
  const service = findService(params.serviceId);
  if (!service) throw data({ path: `/services/${params.serviceId}` }, { status: 404 });
  return data({ service }, { headers: publicCacheHeaders(request) });
}
