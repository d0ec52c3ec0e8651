import { Form, Link } from "react-router";
import type { OutboxProblem, Overview } from "~/domain/admin/overview.server";
import { excerpt, type InboxRow } from "~/domain/contact/inbox";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";
import { linkClass, secondaryButton } from "./admin-page";
import { EmptyList } from "./confirm-step";
import { MessageStatus } from "./message-status";

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <Link to={to} className="block">
        <span className="block text-3xl font-bold text-slate-900">{value}</span>
        <span className="mt-1 block text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
          {label}
        </span>
      </Link>
    </li>
  );
}

/** The five headline figures of /admin, each a link to its list. */
export function OverviewStats({ overview }: { overview: Overview }) {
  const t = useT();
  return (
    <ul
      aria-label={t("adminOffice.overview.figures")}
      className="grid grid-cols-2 gap-4 md:grid-cols-5"
    >
      <Stat
        label={t("adminOffice.overview.newMessages")}
        value={overview.newMessages}
        to="/admin/messages?status=new"
      />
      <Stat
        label={t("adminOffice.overview.subscribers")}
        value={overview.subscribers}
        to="/admin/subscribers?status=confirmed"
      />
      <Stat
        label={t("adminOffice.overview.subscribersThisMonth")}
        value={overview.subscribersThisMonth}
        to="/admin/subscribers?status=confirmed"
      />
      <Stat
        label={t("adminOffice.overview.published")}
        value={overview.published}
        to="/admin/posts"
      />
      <Stat label={t("adminOffice.overview.drafts")} value={overview.drafts} to="/admin/posts" />
    </ul>
  );
}

export function LatestMessages({ messages }: { messages: InboxRow[] }) {
  const { timeZone } = useSiteConfig();
  const t = useT();
  return (
    <section aria-labelledby="latest-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-heading" className="text-xl font-bold text-slate-900">
          {t("adminOffice.overview.latest")}
        </h2>
        <Link to="/admin/messages" className={linkClass}>
          {t("adminOffice.overview.allMessages")}
        </Link>
      </div>
      {messages.length === 0 ? (
        <EmptyList>{t("adminOffice.overview.noMessages")}</EmptyList>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
          {messages.map((message) => (
            <li key={message.id} className="p-4 [overflow-wrap:anywhere]">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={`/admin/messages/${message.id}`} className={linkClass}>
                  {message.name}
                </Link>
                <MessageStatus status={message.status} />
                <span className="text-sm text-slate-600">
                  {shortDate(message.created_at, t.locale, timeZone)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">{excerpt(message.message)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const KIND_LABELS = {
  contact_notification: "adminOffice.overview.kindContact",
  newsletter_confirmation: "adminOffice.overview.kindNewsletter",
} as const;

function kindLabel(t: ReturnType<typeof useT>, kind: string): string {
  const key = KIND_LABELS[kind as keyof typeof KIND_LABELS];
  return key ? t(key) : kind;
}

/** Notifications that could not be delivered (visible, with the reason and a retry). */
export function MailProblems({ problems, failed }: { problems: OutboxProblem[]; failed: number }) {
  const t = useT();
  if (problems.length === 0) return null;
  return (
    <section
      aria-labelledby="mail-problems-heading"
      className="mt-10 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="mail-problems-heading" className="text-xl font-bold text-slate-900">
        {t("adminOffice.overview.mailProblems")}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-900">
        {problems.map((problem) => (
          <li key={problem.id} className="[overflow-wrap:anywhere]">
            <strong>{kindLabel(t, problem.kind)}</strong> ·{" "}
            {t(
              problem.status === "failed"
                ? "adminOffice.overview.gaveUp"
                : "adminOffice.overview.retrying",
              { attempts: problem.attempts },
            )}
            {problem.last_error ? `: ${problem.last_error}` : ""}
          </li>
        ))}
      </ul>
      {failed > 0 ? (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="retry-mail" className={secondaryButton}>
            {t("adminOffice.overview.retry")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
