import { dateTime, fileSize } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { type DeliverableRow, type VersionRow, waitingVersion } from "./deliverables.server";

/**
 * Deliverables as the two project pages show them, every text in the page's language: each
 * version with its file's link (the private files route: the database decides who gets it), its
 * status and who uploaded it when; each decision with who made it, when, on which version and
 * why; and the version waiting for the client's decision.
 */
export interface VersionView {
  id: number;
  number: number;
  status: VersionRow["status"];
  statusText: string;
  fileName: string;
  fileHref: string;
  fileText: string;
  note: string;
  byline: string;
  /** The agency may mark it ready (a draft, and its deliverable's latest). */
  canMarkReady: boolean;
}

export interface DecisionView {
  id: number;
  decision: "approved" | "changes_requested";
  text: string;
  reason: string;
  byline: string;
  at: string;
}

export interface DeliverableView {
  id: number;
  title: string;
  note: string;
  versions: VersionView[];
  /** Newest first. */
  decisions: DecisionView[];
  waiting: VersionView | null;
}

/** The file's address on this site: /files/<organisation>/<the rest of its key>. */
export function fileHref(path: string, prefix = ""): string {
  const [organisation, ...rest] = path.split("/");
  return `${prefix}/files/${organisation}/${rest.map(encodeURIComponent).join("/")}`;
}

export function deliverableViews(
  rows: readonly DeliverableRow[],
  locale: Locale,
  prefix = "",
): DeliverableView[] {
  const t = translator(locale);
  const when = (iso: string) => dateTime(iso, locale, agencyTimeZone(), "short");
  return rows.map((row) => {
    const versions = row.versions.map(
      (version, index): VersionView => ({
        id: version.id,
        number: version.number,
        status: version.status,
        statusText: t(`deliverables.${version.status}`),
        fileName: version.file_name,
        fileHref: fileHref(version.file_path, prefix),
        fileText: t("deliverables.openFile", {
          name: version.file_name,
          size: fileSize(version.file_size, locale),
        }),
        note: version.note,
        byline: t("deliverables.byOn", {
          name: version.uploader_name || t("projects.agency"),
          date: when(version.created_at),
        }),
        canMarkReady: index === 0 && version.status === "draft",
      }),
    );
    const decisions = row.versions.flatMap((version) =>
      version.decision
        ? [
            {
              id: version.decision.id,
              decision: version.decision.decision,
              text: t(
                version.decision.decision === "approved"
                  ? "deliverables.decisionApproved"
                  : "deliverables.decisionChanges",
                { number: version.number },
              ),
              reason: version.decision.reason,
              byline: t("deliverables.decidedBy", {
                name: version.decision.decider_name,
                email: version.decision.decider_email,
                date: when(version.decision.decided_at),
              }),
              at: version.decision.decided_at,
            },
          ]
        : [],
    );
    const waiting = waitingVersion(row);
    return {
      id: row.id,
      title: row.title,
      note: row.note,
      versions,
      decisions,
      waiting: waiting ? (versions.find((version) => version.id === waiting.id) ?? null) : null,
    };
  });
}
