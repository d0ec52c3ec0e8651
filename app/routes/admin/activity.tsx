import { AdminPage, stacked } from "~/components/admin/admin-page";
import { PagedList, StackedTable } from "~/components/admin/stacked-table";
import { privateFormHeaders } from "~/infra/http-policy";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/activity";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Activity",
    description: "Every change made in the admin area.",
    path: "/admin/activity",
    noindex: true,
  });

export { loader } from "./activity.server";

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { list, error } = loaderData;
  return (
    <AdminPage title="Activity" subtitle="Every change made in the admin area, newest first.">
      <PagedList list={list} error={error} label="Activity" empty="Nothing has changed yet.">
        {(rows) => (
          <StackedTable caption="Audit log, newest first" columns={["When", "Who", "What", "Item"]}>
            {rows.map((entry) => (
              <tr key={entry.id} className={stacked.row}>
                <td data-label="When" className={stacked.cell}>
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </td>
                <td data-label="Who" className={stacked.cell}>
                  {entry.actor_email ?? "Unknown"}
                </td>
                <td data-label="What" className={stacked.cell}>
                  {entry.action}
                </td>
                <td data-label="Item" className={stacked.cell}>
                  {entry.target_type} {entry.target_id}
                  {entry.summary ? ` · ${entry.summary}` : ""}
                </td>
              </tr>
            ))}
          </StackedTable>
        )}
      </PagedList>
    </AdminPage>
  );
}
