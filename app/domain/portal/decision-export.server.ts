import { pointLabel } from "~/domain/analytics/point-label";
import { csvLine } from "~/domain/newsletter/csv";
import type { Translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { type DeliverableRow, projectDeliverables } from "./deliverables.server";

/**
 * A project's decision history as a file (issue 42 item 3: "visible to both sides and exported
 * with the project"): one row per decision, oldest first — the deliverable, the version (number
 * and file), the decision, the reason, who made it and from which account, and when (the
 * agency's wall clock, `2026-12-05 14:03`, its time zone named in the heading). Headings and
 * decisions in the reader's language; names, reasons and file names are text anyone of the
 * client typed, so every cell goes through the formula-neutralising `csvLine`. Read as the
 * caller: what the database lets them see is what the file holds (the client's people never
 * see a draft, which nobody can decide on anyway).
 */
const COLUMNS = [
  "deliverable",
  "version",
  "file",
  "decision",
  "reason",
  "decidedBy",
  "account",
  "decidedAt",
] as const;

export function decisionsCsv(
  deliverables: readonly DeliverableRow[],
  t: Translator,
  timeZone: string,
): string {
  const rows = deliverables
    .flatMap((deliverable) =>
      deliverable.versions.flatMap((version) =>
        version.decision ? [{ deliverable, version, decision: version.decision }] : [],
      ),
    )
    .sort(
      (a, b) =>
        a.decision.decided_at.localeCompare(b.decision.decided_at) || a.decision.id - b.decision.id,
    );
  return (
    csvLine(COLUMNS.map((column) => t(`decisionExport.columns.${column}`, { zone: timeZone }))) +
    rows
      .map(({ deliverable, version, decision }) =>
        csvLine([
          deliverable.title,
          String(version.number),
          version.file_name,
          t(`deliverables.${decision.decision}`),
          decision.reason,
          decision.decider_name,
          decision.decider_email,
          pointLabel(decision.decided_at, true, timeZone, true),
        ]),
      )
      .join("")
  );
}

/** The file of a project the caller reads: its CSV and the name to save it under. */
export async function projectDecisionsFile(
  supabase: AppSupabase,
  project: { id: number },
  t: Translator,
  timeZone: string,
): Promise<Result<{ csv: string; fileName: string }>> {
  const deliverables = await projectDeliverables(supabase, project.id);
  if (!deliverables.ok) return deliverables;
  return ok({
    csv: decisionsCsv(deliverables.value, t, timeZone),
    fileName: `project-${project.id}-decisions.csv`,
  });
}

/** The answer of both sides' download routes: the CSV, private, never stored, never sniffed. */
export function csvDownload({ csv, fileName }: { csv: string; fileName: string }) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      ...cacheHeaders("private"),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
