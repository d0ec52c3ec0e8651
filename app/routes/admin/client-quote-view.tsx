import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ClientQuoteAnswer } from "~/components/billing/client-quote-answer";
import { QuoteDocument } from "~/components/billing/quote-document";
import { ViewAsBanner, ViewAsOmitted } from "~/components/portal/view-as-banner";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client-quote-view";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData
      ? `${loaderData.quote.number} · ${loaderData.quote.title}`
      : t("quotes.title"),
    description: t("viewAs.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client-quote-view.server";

/**
 * A quote as the client's members see it, for the agency: the document and its answer; while
 * they may still accept or decline it, a note where their form is.
 */
export default function AdminClientQuoteView({ loaderData }: Route.ComponentProps) {
  const { quote, expiredText, invoices } = loaderData;
  const t = useT();
  const organisation = quote.organisation;
  const view = `/admin/clients/${organisation.id}/view`;
  return (
    <AdminPage title={quote.title} subtitle={`${quote.number} · ${organisation.name}`}>
      <ViewAsBanner name={organisation.name} back={`/admin/quotes/${quote.id}`} />
      <p className="mb-8">
        <Link to={view} className={linkClass}>
          {t("projects.back", { name: organisation.name })}
        </Link>
      </p>
      <QuoteDocument quote={quote} />
      <ClientQuoteAnswer
        quote={quote}
        expiredText={expiredText}
        invoices={invoices}
        projectHref={(project) => `${view}/projects/${project}`}
      />
      {quote.open ? <ViewAsOmitted text={t("viewAs.noAnswer")} /> : null}
    </AdminPage>
  );
}
