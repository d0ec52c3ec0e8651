import { data } from "react-router";
import { publicCacheHeaders } from "~/infra/http-policy";
import type { Route } from "./+types/document";

export function loader({ request, url }: Route.LoaderArgs) {
  const path = url.pathname === "/privacy" ? ("/privacy" as const) : ("/terms" as const);
  return data({ path }, { headers: publicCacheHeaders(request) });
}
