import { data } from "react-router";
import { LegalPage } from "~/components/legal/legal-page";
import { privacyPolicy } from "~/content/legal";
import { publicCacheHeaders, publicPageHeaders } from "~/lib/cache-control";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export function loader({ request }: Route.LoaderArgs) {
  return data(null, { headers: publicCacheHeaders(request) });
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description:
      "What personal data we keep, why, and your rights under Kenya's Data Protection Act.",
    path: "/privacy",
  });

export default function PrivacyPolicyRoute() {
  return <LegalPage title="Privacy Policy" sections={privacyPolicy} />;
}
