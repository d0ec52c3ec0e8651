import { Link, useLocation } from "react-router";
import type { Subscriber } from "~/domain/newsletter/subscribers.server";
import { formatShortDate } from "~/lib/dates";
import { linkClass, stacked } from "./admin-page";
import { EmptyList } from "./confirm-step";

export const SUBSCRIBER_LABELS: Record<string, string> = {
  confirmed: "Confirmed",
  pending: "Waiting for confirmation",
  unsubscribed: "Unsubscribed",
};

/** Subscribers, each with a link to the removal step (which keeps the list's filters). */
export function SubscriberTable({ subscribers }: { subscribers: Subscriber[] }) {
  const { search } = useLocation();
  if (subscribers.length === 0) return <EmptyList>No subscribers match.</EmptyList>;
  const removeHref = (id: number) => {
    const params = new URLSearchParams(search);
    params.set("remove", String(id));
    return `?${params.toString()}`;
  };
  return (
    <div className={stacked.frame}>
      <table className={stacked.table}>
        <caption className="sr-only">Subscribers, newest first</caption>
        <thead className={stacked.head}>
          <tr>
            <th scope="col" className={stacked.th}>
              E-mail
            </th>
            <th scope="col" className={stacked.th}>
              Status
            </th>
            <th scope="col" className={stacked.th}>
              Subscribed
            </th>
            <th scope="col" className={stacked.th}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
                  {formatShortDate(subscriber.created_at)}
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
        </tbody>
      </table>
    </div>
  );
}
