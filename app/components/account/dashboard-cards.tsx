import type { ReactNode } from "react";
import type { OwnMessage } from "~/domain/contact/types";
import type { Survey } from "~/domain/onboarding/survey";

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${slug(title)}-title`}
      className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200"
    >
      <h2 id={`${slug(title)}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export function SurveyAnswers({ survey }: { survey: Survey | null }) {
  if (!survey) return <p>You have not answered the onboarding questions yet.</p>;
  const none = <span className="text-slate-600">Not answered</span>;
  const rows: [string, ReactNode][] = [
    ["Role", survey.role || none],
    ["Services of interest", survey.services.length ? survey.services.join(", ") : none],
    ["How you found us", survey.discover || none],
    ["Goals", survey.goals || none],
  ];
  return (
    <dl className="space-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 sm:grid-cols-3">
          <dt className="font-medium text-slate-900">{term}</dt>
          <dd className="whitespace-pre-line sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function MessageList({ messages, error }: { messages: OwnMessage[]; error: string | null }) {
  if (error) {
    return (
      <p role="alert" className="text-red-700">
        Your messages could not be loaded: {error}
      </p>
    );
  }
  if (messages.length === 0) return <p>You have not sent us a message yet.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {messages.map((m) => (
        <li key={m.id} className="py-3">
          <p className="text-sm text-slate-600">
            <time dateTime={m.created_at}>{dateFormat.format(new Date(m.created_at))}</time>
          </p>
          <p className="mt-1 line-clamp-3 whitespace-pre-line [overflow-wrap:anywhere]">
            {m.message}
          </p>
        </li>
      ))}
    </ul>
  );
}
