import { type MouseEvent, useId, useRef } from "react";
import { useT } from "~/i18n/use-t";
import { answerErrors } from "~/lib/form-reply";
import { useAfterChange } from "../use-after-change";
import { fieldIdOf } from "./field-id";

/** The text of a field's link: its label before the message when the form knows it. */
export type LabelOf = (name: string) => string | undefined;

/**
 * A link's click, with JS: the field takes focus and its label (or its group's legend) is
 * scrolled into view, as GOV.UK's summary does. Without JS the link scrolls to the field.
 * The legend only when it stays in sight with the field: the field of a long list's sixth row
 * is far below its list's legend.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(decodeURIComponent(event.currentTarget.hash.slice(1)));
  if (!(target instanceof HTMLElement)) return;
  event.preventDefault();
  const legend = target.closest("fieldset")?.querySelector("legend");
  const near =
    legend &&
    target.getBoundingClientRect().bottom - legend.getBoundingClientRect().top <
      window.innerHeight / 2;
  const label = target.id ? document.querySelector(`label[for="${CSS.escape(target.id)}"]`) : null;
  ((near ? legend : null) ?? label ?? target).scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}

/**
 * The GOV.UK error summary of a form: when the action's answer holds errors, "There is a
 * problem" and a link to each invalid field (`#field-<name>`, the id the field components take
 * while they show an error: field-id.ts), with the messages about the whole form as text. It
 * takes focus — in the server's HTML through `autofocus` (without JS), after each answer with
 * JS — and, as an alert, is announced. Put it first in the form: the page title says
 * "Error:" too (app/components/forms/error-title.tsx).
 */
export function ErrorSummary({
  answer,
  labelOf,
  className = "",
}: {
  /** The action's answer: a Conform reply (`result`, `formError`) or an editor's (`errors`). */
  answer: unknown;
  labelOf?: LabelOf;
  className?: string;
}) {
  const t = useT();
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const problems = answerErrors(answer);
  const shown = problems.length > 0;
  // Each new answer with errors: focus the summary, wherever the page was scrolled to (after
  // every commit, compared here: docs/architecture.md, "Effects that follow router data").
  useAfterChange(answer, () => {
    if (!shown || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: "start" });
  });
  if (!shown) return null;
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: the GOV.UK pattern: the summary takes focus on load
      autoFocus
      aria-labelledby={headingId}
      data-error-summary=""
      className={`scroll-mt-24 rounded-lg border-2 border-red-700 bg-white p-4 focus:ring-4 focus:ring-red-700/30 focus:outline-none ${className}`}
    >
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        {t("errors.summaryHeading")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-red-800">
        {problems.map(({ name, message }) => {
          const label = name ? labelOf?.(name) : undefined;
          const text = label ? t("errors.summaryItem", { label, message }) : message;
          return (
            <li key={`${name ?? ""}:${message}`}>
              {name ? (
                <a
                  href={`#${fieldIdOf(name)}`}
                  onClick={focusField}
                  className="font-medium underline hover:text-red-900"
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
