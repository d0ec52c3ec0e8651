import { AdminPage } from "~/components/admin/admin-page";
import { AgencyRoleForm } from "~/components/admin/agency-role-form";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { ListFilters } from "~/components/admin/list-filters";
import { PeopleTable } from "~/components/admin/people-table";
import { PagedList } from "~/components/admin/stacked-table";
import { Toasts } from "~/components/toasts/toasts";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/people";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "People",
    description: "Accounts and admin rights.",
    path: "/admin/people",
    noindex: true,
  });

export { action, loader } from "./people.server";

export default function AdminPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, change, roleOf, me, error } = loaderData;
  return (
    <AdminPage title="People" subtitle="Every account, and who may use the admin area.">
      <Toasts toasts={[actionData?.toast]} />
      {change ? (
        <ConfirmStep
          title={change.grant ? "Make this account an admin?" : "Revoke admin rights?"}
          fields={{ intent: change.grant ? "grant" : "revoke", user: change.person.id }}
          confirmLabel={change.grant ? "Yes, make admin" : "Yes, revoke rights"}
          pendingLabel="Saving..."
          cancelTo="/admin/people"
          tone={change.grant ? "neutral" : "danger"}
        >
          {change.grant
            ? `${change.person.email} will be able to read every message, manage posts and subscribers, and change admin rights.`
            : `${change.person.email} will no longer be able to open the admin area.`}
        </ConfirmStep>
      ) : null}
      {roleOf ? <AgencyRoleForm person={roleOf} reply={actionData?.result} /> : null}
      <ListFilters label="Search accounts" search={filters.search} />
      <PagedList list={list} error={error} label="Accounts" empty="No accounts match.">
        {(rows) => <PeopleTable people={rows} me={me} />}
      </PagedList>
    </AdminPage>
  );
}
