import { Form, Link } from "react-router";
import type { OutboxProblem, Overview } from "~/domain/admin/overview.server";
import { excerpt, type InboxRow } from "~/domain/contact/inbox";
import { formatShortDate } from "~/lib/dates";
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
  return (
    <ul aria-label="Figures" className="grid grid-cols-2 gap-4 md:grid-cols-5">
      <Stat label="New messages" value={overview.newMessages} to="/admin/messages?status=new" />
      <Stat
        label="Subscribers"
        value={overview.subscribers}
        to="/admin/subscribers?status=confirmed"
      />
      <Stat
        label="Subscribers this month"
        value={overview.subscribersThisMonth}
        to="/admin/subscribers?status=confirmed"
      />
      <Stat label="Published posts" value={overview.published} to="/admin/posts" />
      <Stat label="Draft posts" value={overview.drafts} to="/admin/posts" />
    </ul>
  );
}

export function LatestMessages({ messages }: { messages: InboxRow[] }) {
  const { timeZone } = useSiteConfig();
  return (
    <section aria-labelledby="latest-heading" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-heading" className="text-xl font-bold text-slate-900">
          Newest messages
        </h2>
        <Link to="/admin/messages" className={linkClass}>
          All messages
        </Link>
      </div>
      {messages.length === 0 ? (
        <EmptyList>No messages yet.</EmptyList>
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
                  {formatShortDate(message.created_at, timeZone)}
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

const KIND_LABELS: Record<string, string> = {
  contact_notification: "Message notification",
  newsletter_confirmation: "Newsletter confirmation",
};

/** Notifications that could not be delivered (visible, with the reason and a retry). */
export function MailProblems({ problems, failed }: { problems: OutboxProblem[]; failed: number }) {
  if (problems.length === 0) return null;
  return (
    <section
      aria-labelledby="mail-problems-heading"
      className="mt-10 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="mail-problems-heading" className="text-xl font-bold text-slate-900">
        E-mail delivery problems
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-900">
        {problems.map((problem) => (
          <li key={problem.id} className="[overflow-wrap:anywhere]">
            <strong>{KIND_LABELS[problem.kind] ?? problem.kind}</strong> ·{" "}
            {problem.status === "failed"
              ? `gave up after ${problem.attempts} attempts`
              : `attempt ${problem.attempts} failed, trying again`}
            {problem.last_error ? `: ${problem.last_error}` : ""}
          </li>
        ))}
      </ul>
      {failed > 0 ? (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="retry-mail" className={secondaryButton}>
            Try failed e-mails again
          </button>
        </Form>
      ) : null}
    </section>
  );
}
