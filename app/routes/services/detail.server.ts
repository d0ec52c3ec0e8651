import { data } from "react-router";
import { findServiceIn } from "~/content/localized.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import type { Route } from "./+types/detail";

/** One of the 8 services; any other id is a real 404 (the Not Found screen). */
export function loader({ request, params, url }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, ["services"]);
  const service = findServiceIn(locale, params.serviceId);
  if (!service) throw data({ path: `/services/${params.serviceId}` }, { status: 404 });
  return data({ service, i18n }, { headers: publicCacheHeaders(request) });
}
