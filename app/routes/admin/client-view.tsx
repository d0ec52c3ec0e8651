import { AdminPage } from "~/components/admin/admin-page";
import { ClientPeople } from "~/components/admin/client-people";
import { LoadError } from "~/components/admin/confirm-step";
import { ClientInvoicesLink } from "~/components/billing/client-invoices-link";
import { QuoteList } from "~/components/billing/quote-list";
import { ProjectList } from "~/components/portal/project-list";
import { ViewAsBanner } from "~/components/portal/view-as-banner";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/client-view";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.organisation.name ?? t("adminClients.title"),
    description: t("viewAs.description"),
    path: "/admin/clients",
    noindex: true,
  });
};

export { action, loader } from "./client-view.server";

/** A client's organisation page as its members see it, for the agency: read only. */
export default function AdminClientView({ loaderData }: Route.ComponentProps) {
  const { organisation, people, projects, quotes, invoicesLink, error } = loaderData;
  const t = useT();
  const base = `/admin/clients/${organisation.id}`;
  return (
    <AdminPage title={organisation.name} subtitle={t("account.organisationsCard")}>
      <ViewAsBanner name={organisation.name} back={base} />
      <p className="mb-8">
        <ClientInvoicesLink href={`${base}/view/invoices`} text={invoicesLink} />
      </p>
      {error ? <LoadError message={error} /> : null}
      {projects ? (
        <ProjectList
          name={organisation.name}
          projects={projects}
          hrefOf={(project) => `${base}/view/projects/${project}`}
          empty={t("projects.noneClient")}
        />
      ) : null}
      {quotes && quotes.length > 0 ? (
        <QuoteList
          quotes={quotes}
          hrefOf={(quote) => `${base}/view/quotes/${quote.id}`}
          heading={t("quotes.client.listHeading")}
          empty={t("quotes.client.none")}
        />
      ) : null}
      {people ? <ClientPeople name={organisation.name} people={people} /> : null}
    </AdminPage>
  );
}
