import { AdminPage } from "~/components/admin/admin-page";
import {
  PaymentLedger,
  RecordPaymentForm,
  UnmatchedPayment,
} from "~/components/billing/admin-payments";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/payments";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminBilling.payments.title"),
    description: t("adminBilling.payments.description"),
    path: "/admin/payments",
    noindex: true,
  });
};

export { action, loader } from "./payments.server";

/** The payments ledger, the money left to assign, flagged prompts, and cash or bank payments. */
export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { payments, unmatched, flagged, clients, manage, today } = loaderData;
  const t = useT();
  return (
    <AdminPage
      title={t("adminBilling.payments.title")}
      subtitle={t("adminBilling.payments.description")}
    >
      {manage ? (
        <section aria-labelledby="unmatched" className="mb-10">
          <h2 id="unmatched" className="text-xl font-bold">
            {t("adminBilling.payments.unmatched")}
          </h2>
          <p className="mb-3 text-sm text-slate-600">{t("adminBilling.payments.unmatchedHint")}</p>
          {unmatched.length === 0 ? (
            <p>{t("adminBilling.payments.noUnmatched")}</p>
          ) : (
            <ul className="space-y-4">
              {unmatched.map((p) => (
                <UnmatchedPayment key={p.id} payment={p} answer={actionData} />
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section aria-labelledby="flagged" className="mb-10">
        <h2 id="flagged" className="text-xl font-bold">
          {t("adminBilling.payments.flagged")}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t("adminBilling.payments.flaggedHint")}</p>
        {flagged.length === 0 ? (
          <p>{t("adminBilling.payments.noFlagged")}</p>
        ) : (
          <ul className="list-disc pl-6">
            {flagged.map((f) => (
              <li key={f.id}>
                {f.createdAt.slice(0, 10)} · {t("adminBilling.payments.phone")} {f.phone} ·{" "}
                {f.amount} · {t("adminBilling.payments.reason")}: {f.reason}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ledger" className="mb-10">
        <h2 id="ledger" className="mb-3 text-xl font-bold">
          {t("adminBilling.payments.ledger")}
        </h2>
        <PaymentLedger payments={payments} />
      </section>
      {manage ? (
        <section aria-labelledby="record">
          <h2 id="record" className="mb-3 text-xl font-bold">
            {t("adminBilling.payments.record")}
          </h2>
          <RecordPaymentForm clients={clients} today={today} answer={actionData} />
        </section>
      ) : null}
    </AdminPage>
  );
}
