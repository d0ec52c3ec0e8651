import { inboxStatus, STATUS_KEYS } from "~/domain/contact/inbox";
import { useT } from "~/i18n/use-t";

const TONE = {
  new: "bg-amber-100 text-amber-900",
  handled: "bg-brand-100 text-brand-900",
  archived: "bg-slate-200 text-slate-800",
} as const;

/** A message's status as a pill (text carries the meaning, not colour). */
export function MessageStatus({ status }: { status: string }) {
  const known = inboxStatus(status) ?? "new";
  const t = useT();
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[known]}`}>
      {t(STATUS_KEYS[known])}
    </span>
  );
}
