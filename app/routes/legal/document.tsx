import { LegalPage } from "~/components/legal/legal-page";
import type { MessageKey } from "~/i18n/messages";
import { translatorFrom, useT } from "~/i18n/use-t";
import { publicPageHeaders } from "~/infra/http-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/document";

/** The legal documents, one route each (/terms, /privacy), served by this module. */
const documents: Record<"/terms" | "/privacy", { title: MessageKey; description: MessageKey }> = {
  "/terms": { title: "footer.terms", description: "meta.termsDescription" },
  "/privacy": { title: "footer.privacy", description: "meta.privacyDescription" },
};

export { loader } from "./document.server";

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const path = loaderData?.path ?? "/terms";
  const t = translatorFrom(matches);
  const { title, description } = documents[path];
  return pageMeta(matches, { title: t(title), description: t(description), path });
};

export default function LegalDocumentRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return <LegalPage title={t(documents[loaderData.path].title)} sections={loaderData.sections} />;
}
