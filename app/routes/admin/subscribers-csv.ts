import { data } from "react-router";
import { subscribersCsv } from "~/domain/newsletter/csv";
import { exportSubscribers, subscriberStatus } from "~/domain/newsletter/subscribers.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { adminLoad } from "~/web/admin-form.server";
import type { Route } from "./+types/subscribers-csv";

/**
 * GET /admin/subscribers.csv: every subscriber (or `?status=confirmed` etc.) as RFC 4180 CSV
 * (`email,subscribed_at,status`), a download, with formula-like cells neutralised.
 */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const status = subscriberStatus(query.get("status"));
  const rows = await exportSubscribers(supabase, status);
  if (!rows.ok) throw data({ message: rows.message }, { status: 502 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(subscribersCsv(rows.value), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="subscribers-${status ?? "all"}-${day}.csv"`,
      ...cacheHeaders("private"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
