import { AdminPage } from "~/components/admin/admin-page";
import { ListFilters } from "~/components/admin/list-filters";
import { MessageTable } from "~/components/admin/message-table";
import { PagedList } from "~/components/admin/stacked-table";
import { INBOX_STATUSES, STATUS_KEYS } from "~/domain/contact/inbox";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/messages";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminOffice.messages.title"),
    description: t("adminOffice.messages.description"),
    path: "/admin/messages",
    noindex: true,
  });
};

export { loader } from "./messages.server";

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filters, list, error } = loaderData;
  const t = useT();
  const options = INBOX_STATUSES.map((value) => ({ value, label: t(STATUS_KEYS[value]) }));
  return (
    <AdminPage
      title={t("adminOffice.messages.title")}
      subtitle={t("adminOffice.messages.subtitle")}
    >
      <ListFilters
        label={t("adminOffice.messages.filter")}
        search={filters.search}
        status={{ value: filters.status ?? "", options }}
      />
      <PagedList
        list={list}
        error={error}
        label={t("adminOffice.messages.title")}
        empty={t("adminOffice.messages.empty")}
      >
        {(rows) => <MessageTable messages={rows} />}
      </PagedList>
    </AdminPage>
  );
}
