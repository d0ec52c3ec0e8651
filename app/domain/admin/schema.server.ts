import { z } from "zod";
import { INBOX_STATUSES } from "~/domain/contact/inbox";
import { perLocale, type Translator } from "~/i18n/translate.server";
import { AGENCY_ROLE_CHOICES } from "./people.server";

/** The admin area's small action forms (validated on the server, like every form). */
const id = z.coerce.number({ error: "Unknown item" }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** `intent=status` with the new status, or `intent=delete` (after the confirmation step). */
export const messageActionSchema = z.object({
  intent: z.enum(["status", "delete"]),
  status: z.enum(INBOX_STATUSES).optional(),
});

export const removeSubscriberSchema = z.object({ intent: z.literal("remove"), id });

/**
 * /admin/people: `intent=grant|revoke` (admin rights, after the confirmation step) or
 * `intent=role` with `role` = admin, staff or none; its message in the admin's language.
 */
export const peopleActionSchema = perLocale((t: Translator) =>
  z
    .object({
      intent: z.enum(["grant", "revoke", "role"]),
      user: z.string().uuid({ error: "Unknown account" }),
      role: z.enum(AGENCY_ROLE_CHOICES, { error: t("people.role.choose") }).optional(),
    })
    .superRefine((value, context) => {
      if (value.intent === "role" && !value.role) {
        context.addIssue({ code: "custom", path: ["role"], message: t("people.role.choose") });
      }
    }),
);

export const retryMailSchema = z.object({ intent: z.literal("retry-mail") });
