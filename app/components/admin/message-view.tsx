import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import type { InboxMessage, InboxStatus } from "~/domain/contact/inbox";
import { LOCALE_NAMES } from "~/i18n/locale";
import { formatDateTime } from "~/lib/dates";
import { mailtoHref } from "~/lib/mailto";
import { telHref, useSiteConfig, whatsappHref } from "~/lib/site-config";
import { linkClass, primaryButton, secondaryButton } from "./admin-page";
import { MessageStatus } from "./message-status";
import { serviceTitle } from "./message-table";

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 [overflow-wrap:anywhere]">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

/** Who sent the message, when, from which account, about what; then the text as typed. */
export function MessageView({ message }: { message: InboxMessage }) {
  const service = serviceTitle(message);
  const { timeZone } = useSiteConfig();
  return (
    <article
      aria-labelledby="message-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="message-heading"
        className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]"
      >
        Message from {message.name}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Detail label="From">
          {message.name} &lt;
          <a href={mailtoHref(message.email)} className={linkClass}>
            {message.email}
          </a>
          &gt;
        </Detail>
        <Detail label="Received">
          <time dateTime={message.created_at}>{formatDateTime(message.created_at, timeZone)}</time>
        </Detail>
        <Detail label="Sender">
          {message.sender ? (
            <>
              Signed in as{" "}
              <Link
                to={`/admin/people?q=${encodeURIComponent(message.sender.email)}`}
                className={linkClass}
              >
                {message.sender.name}
              </Link>
            </>
          ) : message.user_id ? (
            "Signed-in account, since deleted"
          ) : (
            "Anonymous visitor"
          )}
        </Detail>
        {message.locale ? <Detail label="Language">{LOCALE_NAMES[message.locale]}</Detail> : null}
        {message.page ? (
          <Detail label="Sent from the page">
            <a href={message.page} className={linkClass}>
              {message.page}
            </a>
          </Detail>
        ) : null}
        <Detail label="Status">
          <MessageStatus status={message.status} />
          {message.handled_at ? (
            <span className="ml-2 text-sm text-slate-700">
              since {formatDateTime(message.handled_at, timeZone)}
            </span>
          ) : null}
        </Detail>
        {service ? <Detail label="Service">{service}</Detail> : null}
        {message.phone ? (
          <Detail label="Phone or WhatsApp">
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <a href={telHref(message.phone)} className={linkClass}>
                Call {message.phone.display}
              </a>
              <a
                href={whatsappHref(message.phone.e164.slice(1))}
                rel="noopener noreferrer"
                className={linkClass}
              >
                WhatsApp {message.phone.display}
              </a>
            </span>
          </Detail>
        ) : null}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-700">Message</h3>
      <p
        data-testid="message-text"
        className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
      >
        {message.message}
      </p>
    </article>
  );
}

const STATUS_BUTTONS: Record<InboxStatus, { status: InboxStatus; label: string }[]> = {
  new: [
    { status: "handled", label: "Mark as handled" },
    { status: "archived", label: "Archive" },
  ],
  handled: [
    { status: "new", label: "Reopen" },
    { status: "archived", label: "Archive" },
  ],
  archived: [{ status: "new", label: "Reopen" }],
};

/** Mark handled / reopen / archive (plain POSTs), reply by e-mail, and the link to delete. */
export function MessageActions({ message, reply }: { message: InboxMessage; reply: string }) {
  const pending = useIsPending({ intent: "status" });
  const buttons = STATUS_BUTTONS[message.status as InboxStatus] ?? STATUS_BUTTONS.new;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="status" />
        {buttons.map((button, index) => (
          <button
            key={button.status}
            type="submit"
            name="status"
            value={button.status}
            disabled={pending}
            className={index === 0 ? primaryButton : secondaryButton}
          >
            {button.label}
          </button>
        ))}
      </Form>
      <a href={reply} className={secondaryButton}>
        Reply by e-mail
      </a>
      <Link to={`/admin/messages/${message.id}?delete=1`} className={secondaryButton}>
        Delete
      </Link>
    </div>
  );
}
