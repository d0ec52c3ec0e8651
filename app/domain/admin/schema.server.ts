import { z } from "zod";
import { INBOX_STATUSES } from "~/domain/contact/inbox";

/** The admin area's small action forms (validated on the server, like every form). */
const id = z.coerce.number({ error: "Unknown item" }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** `intent=status` with the new status, or `intent=delete` (after the confirmation step). */
export const messageActionSchema = z.object({
  intent: z.enum(["status", "delete"]),
  status: z.enum(INBOX_STATUSES).optional(),
});

export const removeSubscriberSchema = z.object({ intent: z.literal("remove"), id });

export const adminRightsSchema = z.object({
  intent: z.enum(["grant", "revoke"]),
  user: z.string().uuid({ error: "Unknown account" }),
});

export const retryMailSchema = z.object({ intent: z.literal("retry-mail") });
