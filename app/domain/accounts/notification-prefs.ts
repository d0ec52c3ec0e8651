/**
 * Which optional mails a person gets (issue 42, item 2): `user_metadata.notifications =
 * { messages, deliverables, invoices }`, each on unless set to false — an account made before
 * the preferences existed gets everything, as before. Receipts, invitations, quotes, issued
 * invoices and the account's own mails (confirmation, password) are not optional.
 */
export const NOTIFICATION_KINDS = ["messages", "deliverables", "invoices"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type NotificationPrefs = Record<NotificationKind, boolean>;

/** The preferences in an account's metadata (anything unreadable counts as on). */
export function notificationPrefsOf(metadata: unknown): NotificationPrefs {
  const stored =
    typeof metadata === "object" && metadata !== null
      ? (metadata as { notifications?: unknown }).notifications
      : undefined;
  const prefs = typeof stored === "object" && stored !== null ? stored : {};
  const on = (kind: NotificationKind) => (prefs as Record<string, unknown>)[kind] !== false;
  return { messages: on("messages"), deliverables: on("deliverables"), invoices: on("invoices") };
}

/** Whether the account (as auth's admin API answers it) still wants mails of `kind`. */
export function wantsMail(
  user: { user_metadata?: unknown } | null | undefined,
  kind: NotificationKind,
): boolean {
  return notificationPrefsOf(user?.user_metadata)[kind];
}
