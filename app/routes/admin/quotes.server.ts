import { listQuotes, type QuoteStatus } from "~/domain/billing/quotes.server";
import { quoteRows } from "~/domain/billing/quotes-view.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/quotes";

const FILTERS: QuoteStatus[] = ["draft", "sent", "accepted", "declined", "expired"];

/** /admin/quotes: every quote, newest first, filtered by the status a person sees. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase, query } = await adminLoad(args);
  const t = translator(adminLocale(args.request));
  const listed = await listQuotes(supabase);
  if (!listed.ok) throw new Error(listed.message);
  const status = FILTERS.find((filter) => filter === query.get("status")) ?? null;
  const rows = quoteRows(listed.value, t).filter((row) => !status || row.status === status);
  return {
    quotes: rows,
    status,
    filters: FILTERS.map((filter) => ({ value: filter, label: t(`quotes.status.${filter}`) })),
    i18n: bundle(t.locale, ["quotes"]),
  };
}
