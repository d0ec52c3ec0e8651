import { Link } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import {
  ClientInvitations,
  ClientPeople,
  InviteForm,
  RemovalConfirm,
} from "~/components/admin/client-people";
import { LoadError } from "~/components/admin/confirm-step";
import { ClientInvoicesLink } from "~/components/billing/client-invoices-link";
import { QuoteList } from "~/components/billing/quote-list";
import { PageHeading } from "~/components/page-heading";
import { OrganisationSwitcher } from "~/components/portal/organisation-switcher";
import { ProjectList } from "~/components/portal/project-list";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/organisation";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: loaderData?.organisation.name ?? t("account.organisationsCard"),
    description: t("adminClients.description"),
    path: "/organisations",
    noindex: true,
  });
};

export { action, loader } from "./organisation.server";

/** A client organisation for its people; its owners invite and remove colleagues here. */
export default function Organisation({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, people, invitations, projects, canInvite, canRemove, removal, me, error } =
    loaderData;
  const { invoicesLink } = loaderData;
  const t = useT();
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <>
      <PageHeading title={organisation.name} subtitle={t("account.organisationsCard")} />
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <Toasts toasts={[actionData?.toast]} />
        <OrganisationSwitcher organisations={loaderData.organisations} current={organisation.id} />
        <p className="mb-8">
          <Link to={t.path("/dashboard")} className={linkClass}>
            {t("invitations.toDashboard")}
          </Link>
        </p>
        <p className="mb-8">
          <ClientInvoicesLink
            href={t.path(`/organisations/${organisation.id}/invoices`)}
            text={invoicesLink}
          />
        </p>
        {removal ? <RemovalConfirm person={removal} name={organisation.name} /> : null}
        {error ? <LoadError message={error} /> : null}
        {projects ? (
          <ProjectList
            name={organisation.name}
            projects={projects}
            hrefOf={(project) => t.path(`/organisations/${organisation.id}/projects/${project}`)}
            empty={t("projects.noneClient")}
          />
        ) : null}
        {loaderData.quotes && loaderData.quotes.length > 0 ? (
          <QuoteList
            quotes={loaderData.quotes}
            hrefOf={(quote) => t.path(`/organisations/${organisation.id}/quotes/${quote.id}`)}
            heading={t("quotes.client.listHeading")}
            empty={t("quotes.client.none")}
          />
        ) : null}
        {people ? (
          <ClientPeople name={organisation.name} people={people} me={canRemove ? me : undefined} />
        ) : null}
        {canInvite && invitations ? <ClientInvitations invitations={invitations} /> : null}
        {canInvite ? <InviteForm reply={result} answer={actionData} /> : null}
      </div>
    </>
  );
}
