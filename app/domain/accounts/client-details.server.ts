import type { User } from "@supabase/supabase-js";
import { z } from "zod";
import { optionalPhoneIn } from "~/domain/contact/schema.server";
import { perLocale } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { phoneOf } from "~/lib/phone";
import { updateMetadata } from "./auth.server";
import {
  NOTIFICATION_KINDS,
  type NotificationPrefs,
  notificationPrefsOf,
} from "./notification-prefs";

/**
 * What an agency's client keeps on /profile beside the name (issue 42, item 2): a phone number
 * (E.164 in `user_metadata.phone`, which the M-Pesa form prefills from), a company name and its
 * KRA PIN (`company_name`, `kra_pin`), and the optional mails (`notifications`). All live in the
 * account's metadata, as the name does: the person's own to change, gone with the account.
 */
export const COMPANY_MAX_LENGTH = 200;

/** A KRA PIN: A (a person) or P (a company), nine digits, a check letter — "A012345678Z". */
export const KRA_PIN = /^[AP][0-9]{9}[A-Z]$/;

export const clientDetailsSchemaIn = perLocale((t) =>
  z.object({
    phone: optionalPhoneIn(t).transform((v) => v ?? ""),
    companyName: z
      .string()
      .trim()
      .max(COMPANY_MAX_LENGTH, t("validation.tooLong", { max: COMPANY_MAX_LENGTH }))
      .optional()
      .transform((v) => v ?? ""),
    kraPin: z
      .string()
      .max(40, t("account.rights.kraPinInvalid"))
      .optional()
      .transform((v) => (v ?? "").replace(/[\s-]/g, "").toUpperCase())
      .refine((v) => v === "" || KRA_PIN.test(v), t("account.rights.kraPinInvalid")),
  }),
);

/** The notification form: a box per optional mail, unticked means off. */
export const notificationsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.literal("on").optional()])) as {
    [K in (typeof NOTIFICATION_KINDS)[number]]: z.ZodOptional<z.ZodLiteral<"on">>;
  },
);

export interface ClientDetails {
  /** As shown: "0712 345 678" (empty when none or unreadable). */
  phone: string;
  companyName: string;
  kraPin: string;
  notifications: NotificationPrefs;
}

export function clientDetailsOf(user: Pick<User, "user_metadata">): ClientDetails {
  const meta = user.user_metadata ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    phone: phoneOf(text(meta.phone))?.display ?? "",
    companyName: text(meta.company_name),
    kraPin: text(meta.kra_pin),
    notifications: notificationPrefsOf(meta),
  };
}

/** The metadata keys of the profile form's client fields (an empty field removes its key). */
export function clientDetailsMetadata(details: z.infer<ReturnType<typeof clientDetailsSchemaIn>>) {
  return {
    phone: details.phone || null,
    company_name: details.companyName || null,
    kra_pin: details.kraPin || null,
  };
}

/** Saves the notification preferences (the whole object: each kind on or off). */
export function saveNotificationPrefs(supabase: AppSupabase, prefs: NotificationPrefs) {
  return updateMetadata(supabase, { notifications: prefs });
}
