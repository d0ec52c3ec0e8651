import { AdminPage } from "~/components/admin/admin-page";
import { AgencyRoleForm } from "~/components/admin/agency-role-form";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { ListFilters } from "~/components/admin/list-filters";
import { PeopleTable } from "~/components/admin/people-table";
import { PagedList } from "~/components/admin/stacked-table";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/people";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminOffice.people.title"),
    description: t("adminOffice.people.description"),
    path: "/admin/people",
    noindex: true,
  });
};

export { action, loader } from "./people.server";

export default function AdminPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, change, roleOf, me, error } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("adminOffice.people.title")} subtitle={t("adminOffice.people.subtitle")}>
      <Toasts toasts={[actionData?.toast]} />
      {change ? (
        <ConfirmStep
          title={t(
            change.grant ? "adminOffice.people.grantTitle" : "adminOffice.people.revokeTitle",
          )}
          fields={{ intent: change.grant ? "grant" : "revoke", user: change.person.id }}
          confirmLabel={t(
            change.grant ? "adminOffice.people.grantConfirm" : "adminOffice.people.revokeConfirm",
          )}
          pendingLabel={t("adminOffice.list.saving")}
          cancelTo="/admin/people"
          cancelLabel={t("adminOffice.list.cancel")}
          tone={change.grant ? "neutral" : "danger"}
        >
          {t(change.grant ? "adminOffice.people.grantBody" : "adminOffice.people.revokeBody", {
            email: change.person.email,
          })}
        </ConfirmStep>
      ) : null}
      {roleOf ? <AgencyRoleForm person={roleOf} reply={actionData?.result} /> : null}
      <ListFilters label={t("adminOffice.people.search")} search={filters.search} />
      <PagedList
        list={list}
        error={error}
        label={t("adminOffice.people.accounts")}
        empty={t("adminOffice.people.empty")}
      >
        {(rows) => <PeopleTable people={rows} me={me} />}
      </PagedList>
    </AdminPage>
  );
}
