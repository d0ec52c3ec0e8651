import { z } from "zod";
import type { Translator } from "~/i18n/translate.server";
import {
  DELIVERABLE_INTENTS,
  deliverableFields,
  requireDeliverableFields,
} from "./deliverable-forms.server";
import { MILESTONE_STATUSES } from "./milestones.server";
import { POST_MAX } from "./project-posts.server";
import { PROJECT_STATUSES } from "./projects.server";

/**
 * The forms of a client's projects: the new project's, and the project page's (its details, its
 * milestones). One object per form, as every form schema of the site: the page's intents each
 * require their fields in the refinement, so a missing one is worded under its field.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The project form's "nobody runs it" choice. */
export const MANAGER_NONE = "none";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A service a project may be for: its slug and how many steps its process has. */
export interface ServiceChoice {
  id: string;
  steps: number;
}

function dateField(t: Translator) {
  return z
    .string()
    .trim()
    .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`)), {
      error: t("projects.dateInvalid"),
    })
    .optional();
}

function projectFields(t: Translator, services: readonly ServiceChoice[]) {
  return {
    title: z
      .string({ error: t("projects.titleRequired") })
      .trim()
      .min(1, { error: t("projects.titleRequired") })
      .max(200, { error: t("projects.titleTooLong") }),
    service: z
      .string()
      .trim()
      .refine((v) => services.some((service) => service.id === v), {
        error: t("projects.serviceInvalid"),
      })
      .optional(),
    status: z.enum(PROJECT_STATUSES, { error: t("projects.statusInvalid") }),
    starts_on: dateField(t),
    due_on: dateField(t),
    // Who runs it: one of the form's choices (the database checks it is an agency person), or
    // "none" (a select's empty value would read as "not sent").
    manager: z
      .string()
      .trim()
      .refine((v) => v === MANAGER_NONE || UUID.test(v), { error: t("projects.managerInvalid") })
      .optional(),
  };
}

type Context = z.RefinementCtx;
/** An issue on `path`, unless the field has already said what is wrong with it. */
function issue(context: Context, path: string, message: string) {
  if (context.issues.some((known) => known.path?.[0] === path)) return;
  context.addIssue({ code: "custom", path: [path], message });
}

function datesInOrder(
  t: Translator,
  value: { starts_on?: string; due_on?: string },
  context: Context,
) {
  if (value.starts_on && value.due_on && value.due_on < value.starts_on) {
    issue(context, "due_on", t("projects.dueBeforeStart"));
  }
}

/** The new project: a title, the service it is for (one of `services`), its status and dates. */
export function projectSchema(t: Translator, services: readonly ServiceChoice[]) {
  return z
    .object(projectFields(t, services))
    .superRefine((value, context) => datesInOrder(t, value, context));
}

export const PROJECT_PAGE_INTENTS = [
  "save",
  "add",
  "status",
  "remove",
  "update",
  "note",
  ...DELIVERABLE_INTENTS,
] as const;

/**
 * The project page: `save` (the project's details and the step of its service reached),
 * `add` (a milestone: title, due date), `status` (a milestone's), `remove` (a milestone),
 * `update` (a word for the client) and `note` (an internal one): `body`; and the deliverables'
 * `deliverable` and `ready` (deliverable-forms.server.ts).
 */
export function projectPageSchema(t: Translator, services: readonly ServiceChoice[]) {
  return z
    .object({
      ...projectFields(t, services),
      stage: z.coerce
        .number({ error: t("projects.stageInvalid") })
        .int({ error: t("projects.stageInvalid") })
        .min(0, { error: t("projects.stageInvalid") })
        .max(19, { error: t("projects.stageInvalid") }),
      milestone: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      milestone_title: z
        .string()
        .trim()
        .min(1, { error: t("milestones.titleRequired") })
        .max(200, { error: t("projects.titleTooLong") }),
      milestone_due: dateField(t),
      milestone_status: z.enum(MILESTONE_STATUSES, { error: t("milestones.statusInvalid") }),
      body: z
        .string()
        .trim()
        .min(1, { error: t("projects.bodyRequired") })
        .max(POST_MAX, { error: t("projects.bodyTooLong") }),
      ...deliverableFields(t),
    })
    .partial()
    .extend({ intent: z.enum(PROJECT_PAGE_INTENTS) })
    .superRefine((value, context) => {
      if (value.intent === "save") {
        if (!value.title) issue(context, "title", t("projects.titleRequired"));
        if (!value.status) issue(context, "status", t("projects.statusInvalid"));
        datesInOrder(t, value, context);
        const steps = services.find((service) => service.id === value.service)?.steps ?? 0;
        if (value.stage !== undefined && value.stage >= steps) {
          issue(context, "stage", t("projects.stageInvalid"));
        }
        return;
      }
      if (value.intent === "update" || value.intent === "note") {
        if (!value.body) issue(context, "body", t("projects.bodyRequired"));
        return;
      }
      if (value.intent === "deliverable" || value.intent === "ready") {
        requireDeliverableFields(t, value, (path, message) => issue(context, path, message));
        return;
      }
      if (value.intent === "add") {
        if (!value.milestone_title)
          issue(context, "milestone_title", t("milestones.titleRequired"));
        return;
      }
      if (!value.milestone) issue(context, "milestone", t("milestones.notFound"));
      if (value.intent === "status" && !value.milestone_status) {
        issue(context, "milestone_status", t("milestones.statusInvalid"));
      }
    });
}
export type ProjectPageInput = z.output<ReturnType<typeof projectPageSchema>>;
