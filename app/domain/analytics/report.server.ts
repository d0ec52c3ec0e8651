import { backendFailure } from "~/domain/admin/queries.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import type { Period } from "./period";
import { buildReport, type Report, type SumRow } from "./report";

/**
 * An analytics report of `period` read with the admin's own session (RLS: admins only): the
 * period's sums, the previous period's, and the chart's series (hours for one day).
 */
export async function loadReport(supabase: AppSupabase, period: Period): Promise<Result<Report>> {
  try {
    const [current, previous, series] = await Promise.all([
      supabase.rpc("analytics_report", { p_from: period.from, p_to: period.end }),
      supabase.rpc("analytics_report", { p_from: period.previous.from, p_to: period.previous.end }),
      supabase.rpc("analytics_series", {
        p_from: period.from,
        p_to: period.end,
        p_hourly: period.hourly,
      }),
    ]);
    for (const answer of [current, previous, series]) {
      if (answer.error) return backendFailure(answer.error);
    }
    return ok(
      buildReport(
        period,
        (current.data ?? []) as SumRow[],
        (previous.data ?? []) as SumRow[],
        series.data ?? [],
      ),
    );
  } catch (error) {
    return backendFailure(error);
  }
}
