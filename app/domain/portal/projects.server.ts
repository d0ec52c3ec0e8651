import { z } from "zod";
import { failWith } from "~/i18n/failures.server";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";
import { backendFailure } from "../admin/queries.server";

/**
 * A client's projects (supabase/migrations/20261213000001_projects.sql), read and written with
 * the caller's own client: row-level security (public.can()) decides who sees and changes what —
 * the agency runs them, the client's people follow them.
 */
export const PROJECT_STATUSES = ["proposal", "active", "on_hold", "delivered", "closed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** At most this many projects of one client on a page (newest first). */
export const PROJECTS_SHOWN = 100;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateField(t: Translator) {
  return z
    .string()
    .trim()
    .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), {
      error: t("projects.dateInvalid"),
    })
    .optional();
}

/**
 * The form that creates a project: a title, the service it is for (one of `services`, the slugs
 * of the site's services now), its status and dates.
 */
export function projectSchema(t: Translator, services: readonly string[]) {
  return z
    .object({
      title: z
        .string({ error: t("projects.titleRequired") })
        .trim()
        .min(1, { error: t("projects.titleRequired") })
        .max(200, { error: t("projects.titleTooLong") }),
      service: z
        .string()
        .trim()
        .refine((v) => services.includes(v), { error: t("projects.serviceInvalid") })
        .optional(),
      status: z.enum(PROJECT_STATUSES, { error: t("projects.statusInvalid") }),
      starts_on: dateField(t),
      due_on: dateField(t),
    })
    .superRefine((value, context) => {
      if (value.starts_on && value.due_on && value.due_on < value.starts_on) {
        context.addIssue({
          code: "custom",
          path: ["due_on"],
          message: t("projects.dueBeforeStart"),
        });
      }
    });
}
export type ProjectInput = z.infer<ReturnType<typeof projectSchema>>;

export interface ProjectSummary {
  id: number;
  title: string;
  service: string | null;
  status: ProjectStatus;
  stage: number | null;
  starts_on: string | null;
  due_on: string | null;
  milestones: { done: number; total: number; nextDue: string | null };
}

interface MilestoneRow {
  project_id: number;
  status: string;
  due_on: string | null;
}

/** Done of total, and the earliest due date of those not done. */
function progress(rows: MilestoneRow[]): ProjectSummary["milestones"] {
  const open = rows.filter((row) => row.status !== "done");
  const dues = open.map((row) => row.due_on).filter((due): due is string => due !== null);
  return { done: rows.length - open.length, total: rows.length, nextDue: dues.sort()[0] ?? null };
}

/**
 * The organisation's projects the caller may see, newest first, each with its milestones'
 * progress: two requests, whatever the number of projects.
 */
export async function organisationProjects(
  supabase: AppSupabase,
  organisationId: string,
): Promise<Result<ProjectSummary[]>> {
  const [projects, milestones] = await Promise.all([
    supabase
      .from("projects")
      .select("id, title, service, status, stage, starts_on, due_on")
      .eq("organisation_id", organisationId)
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .limit(PROJECTS_SHOWN),
    supabase
      .from("project_milestones")
      .select("project_id, status, due_on")
      .eq("organisation_id", organisationId)
      .limit(PROJECTS_SHOWN * 50),
  ]);
  if (projects.error) return backendFailure(projects.error);
  if (milestones.error) return backendFailure(milestones.error);
  const byProject = new Map<number, MilestoneRow[]>();
  for (const row of milestones.data ?? []) {
    byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row]);
  }
  return ok(
    (projects.data ?? []).map((row) => ({
      ...row,
      status: row.status as ProjectStatus,
      milestones: progress(byProject.get(row.id) ?? []),
    })),
  );
}

/** A new project of the organisation, as the caller (admins and its assigned staff may); its id. */
export async function createProject(
  supabase: AppSupabase,
  organisationId: string,
  input: ProjectInput,
): Promise<Result<number>> {
  const { data, error } = await supabase
    .from("projects")
    .insert({
      organisation_id: organisationId,
      title: input.title,
      service: input.service ?? null,
      status: input.status,
      starts_on: input.starts_on ?? null,
      due_on: input.due_on ?? null,
    })
    .select("id")
    .single();
  if (error?.code === "42501") return failWith("forbidden", "projects.notAllowed");
  if (error) return backendFailure(error);
  return ok(data.id);
}
