import { AdminPage } from "~/components/admin/admin-page";
import { ListFilters } from "~/components/admin/list-filters";
import { MessageTable } from "~/components/admin/message-table";
import { PagedList } from "~/components/admin/stacked-table";
import { INBOX_STATUSES, STATUS_LABELS } from "~/domain/contact/inbox";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/messages";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Messages",
    description: "Every message sent through the contact forms.",
    path: "/admin/messages",
    noindex: true,
  });

export { loader } from "./messages.server";

const STATUS_OPTIONS = INBOX_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { filters, list, error } = loaderData;
  return (
    <AdminPage
      title="Messages"
      subtitle="Every message sent through the contact forms, newest first."
    >
      <ListFilters
        label="Filter messages"
        search={filters.search}
        status={{ value: filters.status ?? "", options: STATUS_OPTIONS }}
      />
      <PagedList list={list} error={error} label="Messages" empty="No messages match.">
        {(rows) => <MessageTable messages={rows} />}
      </PagedList>
    </AdminPage>
  );
}
