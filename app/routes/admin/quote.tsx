import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ClientName } from "~/components/admin/client-name";
import { AcceptedQuoteLinks } from "~/components/billing/admin-quote-accepted";
import { QuoteDocument } from "~/components/billing/quote-document";
import { QuoteEditor } from "~/components/billing/quote-editor";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quote";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData ? `${loaderData.view.number} · ${loaderData.view.title}` : t("quotes.title"),
    description: t("quotes.editor.pageDescription"),
    path: `/admin/quotes/${params.id}`,
    noindex: true,
  });
};

export { action, loader } from "./quote.server";

/** A draft's editor; a sent quote as its client sees it, with their answer. */
export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { view, typed, defaultVat, invoices } = loaderData;
  const t = useT();
  const reply = actionData && "typed" in actionData ? actionData : undefined;
  return (
    <AdminPage title={view.title} subtitle={`${view.number} · ${view.organisation.name}`}>
      <p className="mb-6 flex flex-wrap gap-4">
        <Link to="/admin/quotes" className={linkClass}>
          {t("quotes.admin.back")}
        </Link>
        <ClientName id={view.organisation.id} name={view.organisation.name} />
      </p>
      <p className="mb-6" data-quote-status={view.status}>
        {t("quotes.statusLabel")}: {view.statusText}
        {view.sentAt ? ` · ${t("quotes.admin.sentAt", { at: view.sentAt })}` : ""}
      </p>
      {typed ? (
        <QuoteEditor
          key={JSON.stringify(reply?.typed ?? typed)}
          typed={reply?.typed ?? typed}
          errors={reply?.errors ?? {}}
          answer={actionData}
          defaultVat={defaultVat}
          totals={view}
        />
      ) : (
        <>
          <QuoteDocument quote={view} />
          {view.decided ? (
            <p className="rounded-lg bg-slate-100 p-4" data-quote-decision="">
              {view.status === "accepted"
                ? t("quotes.client.acceptedBy", {
                    name: view.decided.name ?? "",
                    at: view.decided.at,
                  })
                : t("quotes.client.declinedAt", { at: view.decided.at })}
              {view.decided.reason ? ` — ${view.decided.reason}` : ""}
            </p>
          ) : null}
          {view.status === "accepted" ? (
            <AcceptedQuoteLinks
              organisationId={view.organisation.id}
              projectId={view.projectId}
              invoices={invoices}
            />
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
