import { failWith } from "~/i18n/failures.server";
import type { Database } from "~/infra/database.types";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * A project's deliverables, their versions and the client's decisions
 * (20261216000001_deliverables.sql), read and written as the caller: the agency adds
 * deliverables, uploads versions and marks one ready for review; the client's people read them
 * (never a draft: the read policy) and decide on the latest version ready for review (the
 * database checks it). One request for a whole project, whatever it holds.
 */
export const VERSION_STATUSES = [
  "draft",
  "ready_for_review",
  "approved",
  "changes_requested",
] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
export const DECISIONS = ["approved", "changes_requested"] as const;
export type Decision = (typeof DECISIONS)[number];
/** A project shows at most this many deliverables, and a deliverable this many versions. */
export const DELIVERABLES_MAX = 50;
export const VERSIONS_MAX = 50;
export const DELIVERABLE_NOTE_MAX = 2000;
export const REASON_MAX = 2000;

export interface DecisionRow {
  id: number;
  version_id: number;
  decision: Decision;
  reason: string;
  decider_name: string;
  decider_email: string;
  decided_at: string;
}

export interface VersionRow {
  id: number;
  deliverable_id: number;
  number: number;
  file_path: string;
  file_name: string;
  file_size: number;
  file_type: string;
  note: string;
  status: VersionStatus;
  uploader_name: string;
  created_at: string;
  ready_at: string | null;
  decision: DecisionRow | null;
}

export interface DeliverableRow {
  id: number;
  title: string;
  note: string;
  /** Newest first. */
  versions: VersionRow[];
}

/**
 * Every deliverable of the project the caller may read, each with its versions (newest first)
 * and their decisions: one request (public.project_deliverables_read, one row per version, the
 * versions' columns null for a deliverable with none the caller may read).
 */
export async function projectDeliverables(
  supabase: AppSupabase,
  projectId: number,
): Promise<Result<DeliverableRow[]>> {
  const { data, error } = await supabase.rpc("project_deliverables_read", {
    p_project: projectId,
  });
  if (error) return backendFailure(error);
  const deliverables = new Map<number, DeliverableRow>();
  for (const row of data ?? []) {
    let deliverable = deliverables.get(row.deliverable_id);
    if (!deliverable) {
      deliverable = {
        id: row.deliverable_id,
        title: row.deliverable_title,
        note: row.deliverable_note,
        versions: [],
      };
      deliverables.set(row.deliverable_id, deliverable);
    }
    if (row.version_id !== null) deliverable.versions.push(versionOf(row, row.version_id));
  }
  return ok([...deliverables.values()]);
}

/**
 * A row of public.project_deliverables_read. Typed as the generator types a function's columns
 * (never null); a version's and a decision's columns are null where there is none (left joins).
 */
type TreeRow = Database["public"]["Functions"]["project_deliverables_read"]["Returns"][number];

/** The version of a row of public.project_deliverables_read, with its decision if any. */
function versionOf(row: TreeRow, id: number): VersionRow {
  return {
    id,
    deliverable_id: row.deliverable_id,
    number: row.version_number,
    file_path: row.file_path,
    file_name: row.file_name,
    file_size: row.file_size,
    file_type: row.file_type,
    note: row.version_note,
    status: row.version_status as VersionStatus,
    uploader_name: row.uploader_name,
    created_at: row.created_at,
    ready_at: row.ready_at ?? null,
    decision:
      row.decision_id === null
        ? null
        : {
            id: row.decision_id,
            version_id: id,
            decision: row.decision as Decision,
            reason: row.reason,
            decider_name: row.decider_name,
            decider_email: row.decider_email,
            decided_at: row.decided_at,
          },
  };
}

/**
 * The version a client may decide on: the latest they have been shown, when it is ready for
 * review (a newer draft is the agency's and changes nothing for them; the database agrees).
 */
export function waitingVersion(deliverable: DeliverableRow): VersionRow | null {
  const shown = deliverable.versions.find((version) => version.status !== "draft");
  return shown?.status === "ready_for_review" ? shown : null;
}

/** A new deliverable at the end of the project's; refused past DELIVERABLES_MAX. */
export async function addDeliverable(
  supabase: AppSupabase,
  projectId: number,
  input: { title: string; note?: string },
): Promise<Result> {
  const { count, error: counted } = await supabase
    .from("project_deliverables")
    .select("id", { count: "exact", head: true })
    .eq("project_id", projectId);
  if (counted) return backendFailure(counted);
  if ((count ?? 0) >= DELIVERABLES_MAX) return failWith("limited", "deliverables.tooMany");
  // The organisation and the position are set by a trigger.
  const row = {
    project_id: projectId,
    title: input.title,
    note: input.note ?? "",
  } as Database["public"]["Tables"]["project_deliverables"]["Insert"];
  const { error } = await supabase.from("project_deliverables").insert(row);
  if (error?.code === "42501") return failWith("forbidden", "projects.notAllowed");
  if (error) return backendFailure(error);
  return ok();
}

/** The project's deliverable `id` as the caller sees it; not-found for any other. */
export async function deliverableOf(
  supabase: AppSupabase,
  projectId: number,
  id: string | number | undefined,
): Promise<Result<{ id: number; title: string; organisation_id: string }>> {
  const wanted = Number(id);
  if (!Number.isSafeInteger(wanted) || wanted <= 0) {
    return failWith("not-found", "deliverables.notFound");
  }
  const { data, error } = await supabase
    .from("project_deliverables")
    .select("id, title, organisation_id")
    .eq("project_id", projectId)
    .eq("id", wanted)
    .maybeSingle();
  if (error) return backendFailure(error);
  if (!data) return failWith("not-found", "deliverables.notFound");
  return ok(data);
}

/** A stored file as a new version (a draft) of the deliverable; its number is the database's. */
export async function addVersion(
  supabase: AppSupabase,
  deliverableId: number,
  file: { key: string; name: string; size: number; type: string },
  note: string,
): Promise<Result<{ id: number; number: number }>> {
  const row = {
    deliverable_id: deliverableId,
    file_path: file.key,
    file_name: file.name,
    file_size: file.size,
    file_type: file.type,
    note,
  } as Database["public"]["Tables"]["deliverable_versions"]["Insert"];
  const { data, error } = await supabase
    .from("deliverable_versions")
    .insert(row)
    .select("id, number")
    .single();
  if (error?.code === "42501") return failWith("not-found", "deliverables.notFound");
  if (error) return backendFailure(error);
  return ok(data);
}

const conflict = (error: { code?: string; hint?: string | null }) =>
  error.code === "23514" ? error.hint : undefined;

/**
 * Marks the project's version ready for review and queues its reminder for `remindAt` (one
 * transaction: public.mark_version_ready). Another project's version is not-found.
 */
export async function markVersionReady(
  supabase: AppSupabase,
  projectId: number,
  versionId: number,
  remindAt: Date,
): Promise<Result> {
  const version = await versionInProject(supabase, projectId, versionId);
  if (!version.ok) return version;
  const { error } = await supabase.rpc("mark_version_ready", {
    p_version: versionId,
    p_remind_at: remindAt.toISOString(),
  });
  if (!error) return ok();
  if (error.code === "P0002") return failWith("not-found", "deliverables.versionNotFound");
  const hint = conflict(error);
  if (hint === "not_draft") return failWith("conflict", "deliverables.notDraft");
  if (hint === "status") return failWith("conflict", "deliverables.notLatest");
  return backendFailure(error);
}

/** The version's id when it belongs to one of the project's deliverables the caller sees. */
async function versionInProject(
  supabase: AppSupabase,
  projectId: number,
  versionId: number,
): Promise<Result<{ id: number; number: number; title: string }>> {
  const { data, error } = await supabase
    .from("deliverable_versions")
    .select("id, number, deliverable_id")
    .eq("id", versionId)
    .maybeSingle();
  if (error) return backendFailure(error);
  const deliverable = data ? await deliverableOf(supabase, projectId, data.deliverable_id) : null;
  if (!data || !deliverable?.ok) return failWith("not-found", "deliverables.versionNotFound");
  return ok({ id: data.id, number: data.number, title: deliverable.value.title });
}

/**
 * The caller's decision on the project's version: the database refuses it unless the caller is
 * one of the client's people and the version is the latest, ready for review.
 */
export async function decideVersion(
  supabase: AppSupabase,
  projectId: number,
  versionId: number,
  decision: Decision,
  reason: string,
): Promise<Result<{ number: number; title: string }>> {
  const version = await versionInProject(supabase, projectId, versionId);
  if (!version.ok) return version;
  const row = {
    version_id: versionId,
    decision,
    reason: decision === "changes_requested" ? reason : "",
  } as Database["public"]["Tables"]["deliverable_decisions"]["Insert"];
  const { error } = await supabase.from("deliverable_decisions").insert(row);
  if (!error) return ok({ number: version.value.number, title: version.value.title });
  if (error.code === "42501") return failWith("not-found", "deliverables.versionNotFound");
  if (error.code === "23505") return failWith("conflict", "deliverables.alreadyDecided");
  const hint = conflict(error);
  if (hint === "not_ready") return failWith("conflict", "deliverables.alreadyDecided");
  if (hint === "not_latest") return failWith("conflict", "deliverables.notLatest");
  return backendFailure(error);
}
