import { data } from "react-router";
import { loadOverview, retryFailedMail } from "~/domain/admin/overview.server";
import { retryMailSchema } from "~/domain/admin/schema.server";
import { parsePeriod } from "~/domain/analytics/period";
import { loadReport } from "~/domain/analytics/report.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { bundle, translate } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/overview";

export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const [overview, glance] = await Promise.all([loadOverview(supabase), weekAtAGlance(supabase)]);
  // The analytics card speaks the admin's language (the `lang` cookie), as /admin/analytics.
  const locale = adminLocale(args.request);
  const i18n = bundle(locale, ["adminAnalytics.glance", "adminAnalytics.summary"]);
  if (!overview.ok) {
    return data({ overview: null, error: overview.message, glance, locale, i18n }, { status: 502 });
  }
  return { overview: overview.value, error: null, glance, locale, i18n };
}

/** The last 7 days' analytics totals and the 7 before (null when they cannot be read). */
async function weekAtAGlance(supabase: AppSupabase) {
  const week = parsePeriod(new URLSearchParams({ period: "7d" }), agencyTimeZone());
  if (!week.ok) return null;
  const report = await loadReport(supabase, week.period);
  return report.ok ? { totals: report.value.totals, previous: report.value.previous } : null;
}

/** Queues failed notifications again (the outbox sends them at once). */
export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, retryMailSchema);
  if ("answer" in form) return form.answer;
  const retried = await retryFailedMail(form.supabase);
  if (retried.ok) void kickOutbox();
  const done = translate(adminLocale(args.request), "adminOffice.overview.retried");
  return answerWith(retried, "/admin", done);
}
