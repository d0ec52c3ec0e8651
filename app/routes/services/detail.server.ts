import { data, redirect } from "react-router";
import { gonePage } from "~/domain/site/redirects.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { pageSnapshot } from "~/web/page-content.server";
import type { Route } from "./+types/detail";

/**
 * A published service by its slug. A slug it had before answers 301 to its current URL (same
 * language); a deleted service's, 410 Gone with a way to the other services; any other, 404.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { locale, t, i18n } = pageI18n(url, ["services"]);
  const snapshot = await pageSnapshot();
  const service = snapshot.in(locale).services.find((s) => s.id === params.serviceId);
  if (service) return data({ service, i18n }, { headers: publicCacheHeaders(request) });
  const fate = snapshot.redirects.services.get(params.serviceId);
  // The query goes along: campaign tags and the like must survive a renamed service.
  if (fate && "moved" in fate) throw redirect(t.path(`/services/${fate.moved}`) + url.search, 301);
  if (fate) throw data(gonePage(t, "/services"), { status: 410 });
  throw data({ path: `/services/${params.serviceId}` }, { status: 404 });
}
