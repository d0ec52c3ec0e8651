import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { ListFilters } from "~/components/admin/list-filters";
import { PagedList } from "~/components/admin/stacked-table";
import { SUBSCRIBER_LABELS, SubscriberTable } from "~/components/admin/subscriber-table";
import { Toasts } from "~/components/toasts/toasts";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Subscribers",
    description: "Newsletter subscribers.",
    path: "/admin/subscribers",
    noindex: true,
  });

export { action, loader } from "./subscribers.server";

const STATUS_OPTIONS = Object.entries(SUBSCRIBER_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, confirmed, remove, error } = loaderData;
  return (
    <AdminPage title="Subscribers" subtitle="Newsletter addresses; only confirmed ones receive it.">
      <Toasts toasts={[actionData?.toast]} />
      {remove ? (
        <ConfirmStep
          title="Remove this subscriber?"
          fields={{ intent: "remove", id: String(remove.id) }}
          confirmLabel="Yes, remove subscriber"
          pendingLabel="Removing..."
          cancelTo="/admin/subscribers"
        >
          {remove.email} will be deleted from the list, with its record of consent.
        </ConfirmStep>
      ) : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p className="text-lg text-slate-900">
          <strong data-testid="confirmed-total">{confirmed}</strong> confirmed{" "}
          {confirmed === 1 ? "subscriber" : "subscribers"}
        </p>
        <p className="flex flex-wrap gap-4">
          <a href="/admin/subscribers.csv?status=confirmed" className={linkClass} download>
            Download confirmed (CSV)
          </a>
          <a href="/admin/subscribers.csv" className={linkClass} download>
            Download all (CSV)
          </a>
        </p>
      </div>
      <ListFilters
        label="Filter subscribers"
        search={filters.search}
        status={{ value: filters.status ?? "", options: STATUS_OPTIONS }}
      />
      <PagedList list={list} error={error} label="Subscribers" empty="No subscribers match.">
        {(rows) => <SubscriberTable subscribers={rows} />}
      </PagedList>
    </AdminPage>
  );
}
