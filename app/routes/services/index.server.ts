import { data } from "react-router";
import { publicCacheHeaders } from "~/infra/http-policy";
import type { Route } from "./+types/index";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicCacheHeaders(request) });
}
