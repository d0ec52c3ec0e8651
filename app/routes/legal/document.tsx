import { LegalPage } from "~/components/legal/legal-page";
import { privacyPolicy, termsOfService } from "~/content/legal";
import { publicPageHeaders } from "~/infra/http-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/document";

/** The legal documents, one route each (/terms, /privacy), served by this module. */
const documents = {
  "/terms": {
    title: "Terms of Service",
    description: "The terms for using this website and its client area.",
    sections: termsOfService,
  },
  "/privacy": {
    title: "Privacy Policy",
    description:
      "What personal data we keep, why, and your rights under Kenya's Data Protection Act.",
    sections: privacyPolicy,
  },
} as const;

export { loader } from "./document.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const path = loaderData?.path ?? "/terms";
  const { title, description } = documents[path];
  return pageMeta(matches, { title, description, path });
};

export default function LegalDocumentRoute({ loaderData }: Route.ComponentProps) {
  const { title, sections } = documents[loaderData.path];
  return <LegalPage title={title} sections={sections} />;
}
