import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { ListFilters } from "~/components/admin/list-filters";
import { PagedList } from "~/components/admin/stacked-table";
import { SUBSCRIBER_KEYS, SubscriberTable } from "~/components/admin/subscriber-table";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminOffice.subscribers.title"),
    description: t("adminOffice.subscribers.description"),
    path: "/admin/subscribers",
    noindex: true,
  });
};

export { action, loader } from "./subscribers.server";

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, list, confirmed, remove, error } = loaderData;
  const t = useT();
  const options = Object.entries(SUBSCRIBER_KEYS).map(([value, key]) => ({ value, label: t(key) }));
  return (
    <AdminPage
      title={t("adminOffice.subscribers.title")}
      subtitle={t("adminOffice.subscribers.subtitle")}
    >
      <Toasts toasts={[actionData?.toast]} />
      {remove ? (
        <ConfirmStep
          title={t("adminOffice.subscribers.removeTitle")}
          fields={{ intent: "remove", id: String(remove.id) }}
          confirmLabel={t("adminOffice.subscribers.removeConfirm")}
          pendingLabel={t("adminOffice.list.removing")}
          cancelTo="/admin/subscribers"
          cancelLabel={t("adminOffice.list.cancel")}
        >
          {t("adminOffice.subscribers.removeBody", { email: remove.email })}
        </ConfirmStep>
      ) : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <p className="text-lg text-slate-900">
          <strong data-testid="confirmed-total">{confirmed}</strong>{" "}
          {t(
            confirmed === 1
              ? "adminOffice.subscribers.confirmedOne"
              : "adminOffice.subscribers.confirmedOther",
          )}
        </p>
        <p className="flex flex-wrap gap-4">
          <a href="/admin/subscribers.csv?status=confirmed" className={linkClass} download>
            {t("adminOffice.subscribers.downloadConfirmed")}
          </a>
          <a href="/admin/subscribers.csv" className={linkClass} download>
            {t("adminOffice.subscribers.downloadAll")}
          </a>
        </p>
      </div>
      <ListFilters
        label={t("adminOffice.subscribers.filter")}
        search={filters.search}
        status={{ value: filters.status ?? "", options }}
      />
      <PagedList
        list={list}
        error={error}
        label={t("adminOffice.subscribers.title")}
        empty={t("adminOffice.subscribers.empty")}
      >
        {(rows) => <SubscriberTable subscribers={rows} />}
      </PagedList>
    </AdminPage>
  );
}
