import { data } from "react-router";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { pageContent } from "~/web/page-content.server";
import type { Route } from "./+types/index";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, ["services", "meta.servicesDescription"]);
  const { serviceCards } = await pageContent(locale);
  return data({ services: serviceCards, i18n }, { headers: publicCacheHeaders(request) });
}
