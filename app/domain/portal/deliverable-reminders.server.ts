import { wantsMail } from "~/domain/accounts/notification-prefs";
import { getSiteConfig } from "~/domain/site/config.server";
import { isLocale, type Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { versionFacts } from "./version-facts.server";

/**
 * The reminder mail of a version waiting for the client's decision. Marking a version ready for
 * review queues one `deliverable.reminder` job due 3 working days later in the agency's time
 * zone (public.mark_version_ready, keyed by the version: once per version). When it runs, and
 * only if the version is still the latest and still has no decision,
 * public.queue_deliverable_reminders() writes one reminder per owner and member of the client
 * (unique per version and person: a job that runs twice mails nobody twice) and, in the same
 * transaction, its outbox row; the outbox sends each in the person's language with a link
 * straight to the project's page (the job: deliverable-reminder-job.server.ts).
 */
/** The reminder mail of outbox row `id` (a deliverable_reminders row); null once decided. */
export async function deliverableReminderMail(
  service: AppSupabase,
  id: number,
): Promise<Result<OutgoingMail | null>> {
  const { data: reminder, error } = await service
    .from("deliverable_reminders")
    .select("id, user_id, locale, version_id")
    .eq("id", id)
    .maybeSingle();
  if (error) return fail("backend", error.message);
  if (!reminder) return ok(null);
  const facts = await versionFacts(service, reminder.version_id);
  if (!facts.ok) return facts;
  // Decided (or replaced) since the reminder was queued: nothing left to remind of.
  if (facts.value?.version.status !== "ready_for_review") return ok(null);
  const person = await service.auth.admin.getUserById(reminder.user_id);
  const email = person.data.user?.email;
  // Who turned deliverable reminders off on /profile gets none (read when the mail is made).
  if (!email || !wantsMail(person.data.user, "deliverables")) return ok(null);
  const locale: Locale = isLocale(reminder.locale) ? reminder.locale : "en";
  const t = translator(locale);
  const { version } = facts.value;
  const project = version.deliverable.project;
  const link = `${siteUrl()}${t.path(`/organisations/${project.organisation.id}/projects/${project.id}`)}`;
  const name = String(person.data.user?.user_metadata?.full_name ?? "").trim() || email;
  const { brandName } = await getSiteConfig(locale);
  const values = {
    name,
    number: version.number,
    title: version.deliverable.title,
    project: project.title,
    organisation: project.organisation.name,
    link,
    brand: brandName,
  };
  return ok({
    to: email,
    subject: t("deliverables.mailSubject", values),
    text: t("deliverables.mailText", values),
    links: [link],
  });
}
