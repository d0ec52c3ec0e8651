import { LegalPage } from "~/components/legal/legal-page";
import type { MessageKey } from "~/i18n/messages";
import { translatorFrom } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/cache-policy";
import { errorMeta } from "~/lib/public-meta";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/document";

/** The legal documents, one route each (/terms, /privacy), served by this module. */
const descriptions: Record<"/terms" | "/privacy", MessageKey> = {
  "/terms": "meta.termsDescription",
  "/privacy": "meta.privacyDescription",
};

export { loader } from "./document.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  if (!loaderData) return errorMeta(matches, error);
  const t = translatorFrom(matches);
  const { path, document } = loaderData;
  return pageMeta(matches, { title: document.title, description: t(descriptions[path]), path });
};

export default function LegalDocumentRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
