import { Link, useLocation } from "react-router";
import type { Subscriber } from "~/domain/newsletter/subscribers.server";
import { formatShortDate } from "~/lib/dates";
import { useSiteConfig } from "~/lib/site-config";
import { linkClass, stacked } from "./admin-page";
import { StackedTable } from "./stacked-table";

export const SUBSCRIBER_LABELS: Record<string, string> = {
  confirmed: "Confirmed",
  pending: "Waiting for confirmation",
  unsubscribed: "Unsubscribed",
};

/** Subscribers, each with a link to the removal step (which keeps the list's filters). */
export function SubscriberTable({ subscribers }: { subscribers: Subscriber[] }) {
  const { search } = useLocation();
  const { timeZone } = useSiteConfig();
  const removeHref = (id: number) => {
    const params = new URLSearchParams(search);
    params.set("remove", String(id));
    return `?${params.toString()}`;
  };
  return (
    <StackedTable
      caption="Subscribers, newest first"
      columns={["E-mail", "Status", "Subscribed", ""]}
    >
      {subscribers.map((subscriber) => (
        <tr key={subscriber.id} className={stacked.row}>
          <td data-label="E-mail" className={stacked.cell}>
            {subscriber.email}
          </td>
          <td data-label="Status" className={stacked.cell}>
            {SUBSCRIBER_LABELS[subscriber.status] ?? subscriber.status}
          </td>
          <td data-label="Subscribed" className={stacked.cell}>
            <time dateTime={subscriber.created_at}>
              {formatShortDate(subscriber.created_at, timeZone)}
            </time>
          </td>
          <td data-label="" className={stacked.cell}>
            <Link
              to={removeHref(subscriber.id)}
              className={linkClass}
              aria-label={`Remove ${subscriber.email}`}
            >
              Remove
            </Link>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
