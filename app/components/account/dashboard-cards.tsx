import type { ReactNode } from "react";
import { DateText } from "~/components/date-text";
import type { OwnMessage } from "~/domain/contact/types";
import type { Survey } from "~/domain/onboarding/survey";
import { useT } from "~/i18n/use-t";
import { useServiceLinks } from "~/lib/site-config";
import { optionLabel, serviceLabel } from "./survey-labels";

/** A dashboard card; `id` names its heading (the same in every language). */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

export function SurveyAnswers({ survey }: { survey: Survey | null }) {
  const t = useT();
  const services = useServiceLinks();
  if (!survey) return <p>{t("account.noSurvey")}</p>;
  const none = <span className="text-slate-600">{t("account.notAnswered")}</span>;
  const option = (value: string) => optionLabel(t, value);
  const service = (value: string) => serviceLabel(t, services, value);
  const rows: [string, ReactNode][] = [
    [t("account.role"), survey.role ? option(survey.role) : none],
    [
      t("account.servicesOfInterest"),
      survey.services.length ? survey.services.map(service).join(", ") : none,
    ],
    [t("account.foundUs"), survey.discover ? option(survey.discover) : none],
    [t("account.goals"), survey.goals || none],
  ];
  return (
    <dl className="space-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1 sm:grid-cols-3">
          <dt className="font-medium text-slate-900">{term}</dt>
          <dd className="whitespace-pre-line [overflow-wrap:anywhere] sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function MessageList({ messages, error }: { messages: OwnMessage[]; error: string | null }) {
  const t = useT();
  if (error) {
    return (
      <p role="alert" className="text-red-700">
        {t("account.messagesError", { error })}
      </p>
    );
  }
  if (messages.length === 0) return <p>{t("account.noMessages")}</p>;
  const statusText = (status: string) =>
    status === "handled" || status === "archived"
      ? t(`account.messageStatus.${status}`)
      : t("account.messageStatus.new");
  return (
    <ul className="divide-y divide-slate-200">
      {messages.map((m) => (
        <li key={m.id} className="py-3">
          <p className="text-sm text-slate-600">
            <DateText value={m.created_at} locale={t.locale} style="short" />
            {" · "}
            <span className="font-semibold text-slate-800">{statusText(m.status)}</span>
          </p>
          <p className="mt-1 line-clamp-3 whitespace-pre-line [overflow-wrap:anywhere]">
            {m.message}
          </p>
        </li>
      ))}
    </ul>
  );
}
