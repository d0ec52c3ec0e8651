import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { ClientQuoteAnswer } from "~/components/billing/client-quote-answer";
import { QuoteDecision } from "~/components/billing/quote-decision";
import { QuoteDocument } from "~/components/billing/quote-document";
import { PageHeading } from "~/components/page-heading";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData
      ? `${loaderData.quote.number} · ${loaderData.quote.title}`
      : t("quotes.title"),
    description: t("quotes.client.description"),
    path: "/organisations",
    noindex: true,
  });
};

export { action, loader } from "./quote.server";

/**
 * A quote for its client's people: the document, and while it is sent and valid the forms that
 * accept or decline it; once answered, who answered and when, the project it opened and the
 * deposit invoice.
 */
export default function ClientQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, expiredText, invoices } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const organisation = quote.organisation;
  return (
    <>
      <PageHeading title={quote.title} subtitle={`${quote.number} · ${organisation.name}`} />
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6">
        <p className="mb-8">
          <Link to={t.path(`/organisations/${organisation.id}`)} className={linkClass}>
            {t("projects.back", { name: organisation.name })}
          </Link>
        </p>
        <Toasts toasts={[actionData?.toast]} />
        <QuoteDocument quote={quote} />
        <ClientQuoteAnswer
          quote={quote}
          expiredText={expiredText}
          invoices={invoices}
          projectHref={(project) => t.path(`/organisations/${organisation.id}/projects/${project}`)}
        />
        {quote.open ? (
          <QuoteDecision
            action={t.path(`/organisations/${organisation.id}/quotes/${quote.id}`)}
            reply={reply}
            answer={actionData}
          />
        ) : null}
      </div>
    </>
  );
}
