import { data } from "react-router";
import { agencyToday } from "~/domain/billing/invoice-document.server";
import { BUCKETS, filtersOf, invoiceList } from "~/domain/billing/invoices-list.server";
import { statusKey } from "~/domain/invoices/labels";
import { formatCents } from "~/domain/invoices/money";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/invoices";

/** Every invoice and credit note (filtered), the outstanding total and its ageing. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const { filters, ignored } = filtersOf(query);
  const list = await invoiceList(supabase, filters, agencyToday());
  if (!list.ok) throw data({ message: list.message }, { status: 502 });
  const money = (cents: number) => formatCents(cents, t.locale);
  const { rows, outstandingCents, ageing, clients, years } = list.value;
  return {
    filters: {
      status: filters.status ?? "",
      client: filters.client ?? "",
      year: filters.year ? String(filters.year) : "",
    },
    ignored,
    csvHref: `/admin/invoices.csv${args.url.search}`,
    rows: rows.map((row) => ({
      id: row.id,
      number: row.number,
      kind: row.kind,
      status: row.status,
      statusLabel: t(statusKey(row)),
      client: row.client,
      issueDate: row.issueDate ?? "",
      dueDate: row.dueDate ?? "",
      total: money(row.totalCents),
      balance: money(row.balanceCents),
    })),
    outstanding: money(outstandingCents),
    ageing: BUCKETS.map((bucket) => ({ bucket, amount: money(ageing[bucket]) })),
    clients,
    years,
    i18n: bundle(t.locale, ["adminBilling.list", "invoiceDocument.status"]),
  };
}
