import { data } from "react-router";
import { serviceCardsIn } from "~/content/localized.server";
import { pageI18n } from "~/i18n/page.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import type { Route } from "./+types/index";

export function loader({ request, url }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, ["services", "meta.servicesDescription"]);
  return data({ services: serviceCardsIn(locale), i18n }, { headers: publicCacheHeaders(request) });
}
