import { Link } from "react-router";
import { AdminPage, linkClass } from "~/components/admin/admin-page";
import { ClientName } from "~/components/admin/client-name";
import { AdminInvoiceEditor, editorValues } from "~/components/billing/admin-invoice-editor";
import { AdminInvoiceIssued, AdminInvoiceTotals } from "~/components/billing/admin-invoice-issued";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invoice";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translatorFrom(matches);
  const summary = loaderData?.summary;
  return pageMeta(matches, {
    title: summary?.number
      ? `${summary.kindLabel} ${summary.number}`
      : t("adminBilling.draft.editTitle", { id: summary?.id ?? "" }),
    description: t("adminBilling.draft.editDescription"),
    path: "/admin/invoices",
    noindex: true,
  });
};

export { action, loader } from "./invoice.server";

/** A draft's editor, or an issued invoice (credit note) with what may still be done to it. */
export default function AdminInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, draft, details, paymentDays } = loaderData;
  const t = useT();
  const reply = actionData && "result" in actionData ? actionData.result : undefined;
  const title = summary.number
    ? `${summary.kindLabel} ${summary.number}`
    : t("adminBilling.draft.editTitle", { id: summary.id });
  return (
    <AdminPage
      title={title}
      subtitle={draft ? t("adminBilling.draft.editDescription") : summary.client}
    >
      <Toasts toasts={[actionData && "toast" in actionData ? actionData.toast : undefined]} />
      <p className="mb-6 flex flex-wrap gap-4">
        <Link to="/admin/invoices" className={linkClass}>
          {t("adminBilling.issued.back")}
        </Link>
        <ClientName id={summary.organisationId} name={summary.client} />
      </p>
      {draft ? (
        <>
          {summary.corrects ? (
            <p className="mb-4">
              {t("adminBilling.issued.corrects", { number: summary.corrects })}
            </p>
          ) : null}
          <AdminInvoiceEditor
            values={editorValues(draft, reply)}
            answer={actionData}
            reply={reply}
            paymentDays={paymentDays}
          />
          <h2 className="mt-10 text-xl font-bold">{t("adminBilling.draft.total")}</h2>
          <p className="text-sm text-slate-600">{t("adminBilling.draft.totalsNote")}</p>
          <AdminInvoiceTotals summary={summary} />
        </>
      ) : details ? (
        <AdminInvoiceIssued summary={summary} details={details} answer={actionData} />
      ) : null}
    </AdminPage>
  );
}
