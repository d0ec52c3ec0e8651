import { Link, useLocation } from "react-router";
import type { Subscriber } from "~/domain/newsletter/subscribers.server";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";
import { linkClass, stacked } from "./admin-page";
import { StackedTable } from "./stacked-table";

/** Each subscriber status's name (English: "Confirmed", "Waiting for confirmation", "Unsubscribed"). */
export const SUBSCRIBER_KEYS = {
  confirmed: "adminOffice.subscribers.status.confirmed",
  pending: "adminOffice.subscribers.status.pending",
  unsubscribed: "adminOffice.subscribers.status.unsubscribed",
} as const;

function isStatus(status: string): status is keyof typeof SUBSCRIBER_KEYS {
  return status in SUBSCRIBER_KEYS;
}

/** Subscribers, each with a link to the removal step (which keeps the list's filters). */
export function SubscriberTable({ subscribers }: { subscribers: Subscriber[] }) {
  const { search } = useLocation();
  const { timeZone } = useSiteConfig();
  const t = useT();
  const email = t("adminOffice.subscribers.email");
  const status = t("adminOffice.list.status");
  const subscribed = t("adminOffice.subscribers.subscribed");
  const removeHref = (id: number) => {
    const params = new URLSearchParams(search);
    params.set("remove", String(id));
    return `?${params.toString()}`;
  };
  return (
    <StackedTable
      caption={t("adminOffice.subscribers.caption")}
      columns={[email, status, subscribed, ""]}
      actionsLabel={t("adminOffice.list.actions")}
    >
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id} className={stacked.row}>
          <td data-label={email} className={stacked.cell}>
            {subscriber.email}
          </td>
          <td data-label={status} className={stacked.cell}>
            {isStatus(subscriber.status)
              ? t(SUBSCRIBER_KEYS[subscriber.status])
              : subscriber.status}
          </td>
          <td data-label={subscribed} className={stacked.cell}>
            <time dateTime={subscriber.created_at}>
              {shortDate(subscriber.created_at, t.locale, timeZone)}
            </time>
          </td>
          <td data-label="" className={stacked.cell}>
            <Link
              to={removeHref(subscriber.id)}
              className={linkClass}
              aria-label={t("adminOffice.subscribers.removeLabel", { email: subscriber.email })}
            >
              {t("adminOffice.subscribers.remove")}
            </Link>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
