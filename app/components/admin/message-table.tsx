import { Link } from "react-router";
import { excerpt, type InboxRow } from "~/domain/contact/inbox";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";
import { linkClass, stacked } from "./admin-page";
import { MessageStatus } from "./message-status";
import { StackedTable } from "./stacked-table";

export function serviceTitle(message: Pick<InboxRow, "service" | "serviceTitle">): string | null {
  return message.serviceTitle ?? message.service;
}

/** The inbox list: a table on wide screens, one card per message on phones. */
export function MessageTable({ messages }: { messages: InboxRow[] }) {
  const { timeZone } = useSiteConfig();
  const t = useT();
  const from = t("adminOffice.messages.from");
  const text = t("adminOffice.messages.message");
  const status = t("adminOffice.list.status");
  const received = t("adminOffice.messages.received");
  return (
    <StackedTable
      caption={t("adminOffice.messages.caption")}
      columns={[from, text, status, received]}
    >
      {messages.map((message) => (
        <tr key={message.id} className={stacked.row} data-testid={`message-row-${message.id}`}>
          <td data-label={from} className={stacked.cell}>
            <span>
              <Link to={`/admin/messages/${message.id}`} className={linkClass}>
                {message.name}
              </Link>
              <span className="block text-slate-600">{message.email}</span>
            </span>
          </td>
          <td data-label={text} className={stacked.cell}>
            <span>
              {serviceTitle(message) ? (
                <span className="block font-semibold text-slate-800">{serviceTitle(message)}</span>
              ) : null}
              {excerpt(message.message, 90)}
            </span>
          </td>
          <td data-label={status} className={stacked.cell}>
            <MessageStatus status={message.status} />
          </td>
          <td data-label={received} className={`${stacked.cell} sm:whitespace-nowrap`}>
            <time dateTime={message.created_at}>
              {shortDate(message.created_at, t.locale, timeZone)}
            </time>
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}
