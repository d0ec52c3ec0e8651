import { z } from "zod";
import type { Translator } from "~/i18n/translate.server";
import { DECISIONS, DELIVERABLE_NOTE_MAX, REASON_MAX } from "./deliverables.server";

/**
 * The deliverables' forms. On the agency's project page: `deliverable` (a title and a note) and
 * `ready` (mark a version ready for review), merged into that page's one schema
 * (project-forms.server.ts); the version's upload (its note) on its own route. On the client's
 * project page: the decision — approve, or request changes with a reason.
 */
export const DELIVERABLE_INTENTS = ["deliverable", "ready"] as const;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The agency page's fields of these intents (all optional: the intent says which it needs). */
export function deliverableFields(t: Translator) {
  return {
    deliverable_title: z
      .string()
      .trim()
      .min(1, { error: t("deliverables.titleRequired") })
      .max(200, { error: t("deliverables.titleTooLong") }),
    deliverable_note: z
      .string()
      .trim()
      .max(DELIVERABLE_NOTE_MAX, { error: t("deliverables.noteTooLong") }),
    version: id,
  };
}

/** What each intent needs: a missing field is worded under it. */
export function requireDeliverableFields(
  t: Translator,
  value: { intent: string; deliverable_title?: string; version?: number },
  issue: (path: string, message: string) => void,
): void {
  if (value.intent === "deliverable" && !value.deliverable_title) {
    issue("deliverable_title", t("deliverables.titleRequired"));
  }
  if (value.intent === "ready" && !value.version) {
    issue("version", t("deliverables.versionNotFound"));
  }
}

/** A version's note, as its upload form sends it. */
export function versionNoteSchema(t: Translator) {
  return z
    .string()
    .trim()
    .max(DELIVERABLE_NOTE_MAX, { error: t("deliverables.noteTooLong") })
    .default("");
}

/** The client's decision on a version: a reason is required to request changes. */
export function decisionSchema(t: Translator) {
  return z
    .object({
      intent: z.literal("decide"),
      version: id,
      decision: z.enum(DECISIONS, { error: t("deliverables.decisionInvalid") }),
      reason: z
        .string()
        .trim()
        .max(REASON_MAX, { error: t("deliverables.reasonTooLong") })
        .default(""),
    })
    .superRefine((value, context) => {
      if (value.decision === "changes_requested" && !value.reason) {
        context.addIssue({
          code: "custom",
          path: ["reason"],
          message: t("deliverables.reasonRequired"),
        });
      }
    });
}
export type DecisionInput = z.output<ReturnType<typeof decisionSchema>>;
