import { data } from "react-router";
import { agencyToday } from "~/domain/billing/invoice-document.server";
import { filtersOf, invoiceList, invoicesCsv } from "~/domain/billing/invoices-list.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/invoices-csv";

/**
 * GET /admin/invoices.csv (the list's filters apply): number, issue date, due date, client,
 * client KRA PIN, net, VAT, total, paid, credited, balance, status — amounts as exact decimals.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const today = agencyToday();
  const list = await invoiceList(supabase, filtersOf(query).filters, today);
  if (!list.ok) throw data({ message: list.message }, { status: 502 });
  return new Response(invoicesCsv(list.value.rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="invoices-${today}.csv"`,
      ...cacheHeaders("private"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
