import { AdminPage, stacked } from "~/components/admin/admin-page";
import { EmptyList, LoadError } from "~/components/admin/confirm-step";
import { Pager } from "~/components/admin/pager";
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
  if (!list) {
    return (
      <AdminPage title="Activity">
        <LoadError message={error ?? "Could not load the activity log."} />
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Activity" subtitle="Every change made in the admin area, newest first.">
      {list.rows.length === 0 ? (
        <EmptyList>Nothing has changed yet.</EmptyList>
      ) : (
        <div className={stacked.frame}>
          <table className={stacked.table}>
            <caption className="sr-only">Audit log, newest first</caption>
            <thead className={stacked.head}>
              <tr>
                {["When", "Who", "What", "Item"].map((column) => (
                  <th key={column} scope="col" className={stacked.th}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.rows.map((entry) => (
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
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} total={list.total} label="Activity" />
    </AdminPage>
  );
}
