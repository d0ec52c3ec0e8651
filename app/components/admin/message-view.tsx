import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import type { InboxMessage, InboxStatus } from "~/domain/contact/inbox";
import { LOCALE_NAMES } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
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
  const t = useT();
  return (
    <article
      aria-labelledby="message-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="message-heading"
        className="text-xl font-bold text-slate-900 [overflow-wrap:anywhere]"
      >
        {t("adminOffice.message.heading", { name: message.name })}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Detail label={t("adminOffice.messages.from")}>
          {message.name} &lt;
          <a href={mailtoHref(message.email)} className={linkClass}>
            {message.email}
          </a>
          &gt;
        </Detail>
        <Detail label={t("adminOffice.messages.received")}>
          <time dateTime={message.created_at}>{formatDateTime(message.created_at, timeZone)}</time>
        </Detail>
        <Detail label={t("adminOffice.message.sender")}>
          {message.sender ? (
            <>
              {t("adminOffice.message.signedInAs")}{" "}
              <Link
                to={`/admin/people?q=${encodeURIComponent(message.sender.email)}`}
                className={linkClass}
              >
                {message.sender.name}
              </Link>
            </>
          ) : message.user_id ? (
            t("adminOffice.message.deletedAccount")
          ) : (
            t("adminOffice.message.anonymous")
          )}
        </Detail>
        {message.locale ? (
          <Detail label={t("adminOffice.message.language")}>{LOCALE_NAMES[message.locale]}</Detail>
        ) : null}
        {message.page ? (
          <Detail label={t("adminOffice.message.page")}>
            <a href={message.page} className={linkClass}>
              {message.page}
            </a>
          </Detail>
        ) : null}
        <Detail label={t("adminOffice.list.status")}>
          <MessageStatus status={message.status} />
          {message.handled_at ? (
            <span className="ml-2 text-sm text-slate-700">
              {t("adminOffice.message.since", {
                date: formatDateTime(message.handled_at, timeZone),
              })}
            </span>
          ) : null}
        </Detail>
        {service ? <Detail label={t("adminOffice.message.service")}>{service}</Detail> : null}
        {message.phone ? (
          <Detail label={t("adminOffice.message.phone")}>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <a href={telHref(message.phone)} className={linkClass}>
                {t("adminOffice.message.call", { number: message.phone.display })}
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
      <h3 className="mt-6 text-sm font-semibold text-slate-700">
        {t("adminOffice.messages.message")}
      </h3>
      <p
        data-testid="message-text"
        className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]"
      >
        {message.message}
      </p>
    </article>
  );
}

const MARK_HANDLED = { status: "handled", label: "adminOffice.message.markHandled" } as const;
const ARCHIVE = { status: "archived", label: "adminOffice.message.archive" } as const;
const REOPEN = { status: "new", label: "adminOffice.message.reopen" } as const;

/** The status buttons of each status (labels: message keys). */
const STATUS_BUTTONS: Record<
  InboxStatus,
  (typeof MARK_HANDLED | typeof ARCHIVE | typeof REOPEN)[]
> = {
  new: [MARK_HANDLED, ARCHIVE],
  handled: [REOPEN, ARCHIVE],
  archived: [REOPEN],
};

/** Mark handled / reopen / archive (plain POSTs), reply by e-mail, and the link to delete. */
export function MessageActions({ message, reply }: { message: InboxMessage; reply: string }) {
  const pending = useIsPending({ intent: "status" });
  const t = useT();
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
            {t(button.label)}
          </button>
        ))}
      </Form>
      <a href={reply} className={secondaryButton}>
        {t("adminOffice.message.reply")}
      </a>
      <Link to={`/admin/messages/${message.id}?delete=1`} className={secondaryButton}>
        {t("adminOffice.message.delete")}
      </Link>
    </div>
  );
}
