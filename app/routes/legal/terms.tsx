import { data } from "react-router";
import { LegalPage } from "~/components/legal/legal-page";
import { termsOfService } from "~/content/legal";
import { publicCacheHeaders, publicPageHeaders } from "~/lib/cache-control";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicCacheHeaders(request) });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: "The terms for using this website and its client area.",
    path: "/terms",
  });

export default function TermsOfServiceRoute() {
  return <LegalPage title="Terms of Service" sections={termsOfService} />;
}
