import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { QuoteList } from "~/components/billing/quote-list";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/quotes";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("quotes.title"),
    description: t("quotes.admin.description"),
    path: "/admin/quotes",
    noindex: true,
  });
};

export { loader } from "./quotes.server";

/** Every quote with its status (draft, sent, accepted, declined, expired); filters by status. */
export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { quotes, status, filters } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("quotes.title")} subtitle={t("quotes.admin.description")}>
      <nav aria-label={t("quotes.admin.filters")} className="mb-6 flex flex-wrap gap-4">
        <Link to="/admin/quotes" className={linkClass} aria-current={status ? undefined : "page"}>
          {t("quotes.admin.all")}
        </Link>
        {filters.map((filter) => (
          <Link
            key={filter.value}
            to={`/admin/quotes?status=${filter.value}`}
            className={linkClass}
            aria-current={status === filter.value ? "page" : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <p className="mb-6 text-slate-700">{t("quotes.admin.howToStart")}</p>
      <QuoteList
        quotes={quotes}
        hrefOf={(quote) => `/admin/quotes/${quote.id}`}
        showClient
        empty={t("quotes.admin.none")}
      />
    </AdminPage>
  );
}
