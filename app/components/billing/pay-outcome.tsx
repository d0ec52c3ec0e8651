import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { linkClass, primaryButton, secondaryButton } from "~/components/admin/admin-page";
import { formatCents } from "~/domain/invoices/money";
import {
  OUTCOME_MESSAGES,
  type OutcomeKind,
  type WaitingKind,
} from "~/domain/payments/daraja/outcomes";
import { useT } from "~/i18n/use-t";

/** Seconds between two checks while the prompt waits for the PIN (with JavaScript). */
export const CHECK_EVERY_SECONDS = 3;

/** Revalidates the page every few seconds while `waiting`; stops once the outcome is known. */
function useCheckWhileWaiting(waiting: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, CHECK_EVERY_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);
}

export interface PayOutcomeProps {
  shown: OutcomeKind | WaitingKind;
  amountCents: number;
  phone: string;
  receipt: string | null;
  invoiceNumber: string;
  balanceCents: number;
  waiting: boolean;
  /** The page reloads itself (meta refresh): the payer chose it without JavaScript. */
  auto: boolean;
  retry: boolean;
  /** This page (the "Check again" form's target) and the invoice's page. */
  here: string;
  invoiceHref: string;
}

/**
 * Where an M-Pesa Express request stands, in words for the payer: the title of its outcome
 * (in a live region, so a change is announced), what to do next, the receipt and the balance
 * once paid, and the ways on — check again (a GET form: works without JavaScript), try again,
 * back to the invoice.
 */
export function PayOutcome(props: PayOutcomeProps) {
  const t = useT();
  const hydrated = useHydrated();
  useCheckWhileWaiting(props.waiting);
  const messages = OUTCOME_MESSAGES[props.shown];
  const money = (cents: number) => formatCents(cents, t.locale);
  const paid = props.shown === "paid";
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div role="status" aria-live="polite" aria-atomic="true" data-outcome={props.shown}>
        <h2 className="text-xl font-bold text-slate-900">{t(messages.title)}</h2>
        <p className="mt-2 text-slate-800">{t(messages.next)}</p>
        {paid && props.receipt ? (
          <p className="mt-2 font-semibold">
            {t("clientInvoices.payment.receipt", { receipt: props.receipt })}
          </p>
        ) : null}
        {paid ? (
          <p className="mt-1">
            {t("clientInvoices.payment.balanceLeft", {
              amount: money(Math.max(0, props.balanceCents)),
            })}
          </p>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-slate-700">
        {t("clientInvoices.payment.forInvoice", {
          amount: money(props.amountCents),
          number: props.invoiceNumber,
          phone: props.phone,
        })}
      </p>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {props.waiting ? (
          <Form method="get" action={props.here}>
            <button type="submit" className={primaryButton}>
              {t("clientInvoices.payment.checkAgain")}
            </button>
          </Form>
        ) : null}
        {props.retry ? (
          <Link to={`${props.invoiceHref}#pay-heading`} className={primaryButton}>
            {t("clientInvoices.payment.tryAgain")}
          </Link>
        ) : null}
        <Link to={props.invoiceHref} className={props.retry ? linkClass : secondaryButton}>
          {t("clientInvoices.payment.backToInvoice", { number: props.invoiceNumber })}
        </Link>
      </div>
      {props.waiting && hydrated ? (
        <p className="mt-4 text-sm text-slate-700">{t("clientInvoices.payment.autoCheck")}</p>
      ) : null}
      {props.waiting && !hydrated ? (
        <p className="mt-4 text-sm">
          <Link to={props.auto ? props.here : `${props.here}?auto=1`} className={linkClass}>
            {t(props.auto ? "clientInvoices.payment.stopAuto" : "clientInvoices.payment.startAuto")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
