import { wantsMail } from "~/domain/accounts/notification-prefs";
import { getSiteConfig } from "~/domain/site/config.server";
import { dateTime } from "~/i18n/format";
import { isLocale, type Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone, siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";

/**
 * The mail of the other side's notice of new messages in a project's thread, as the outbox sends
 * it (the job that writes these mails: message-notify-job.server.ts).
 */

/**
 * The mail of outbox row `id` (a project_message_mails row): the messages it covers that are
 * not the recipient's own and that they have not read on the page since; null when none is left.
 */
export async function projectMessagesMail(
  service: AppSupabase,
  id: number,
): Promise<Result<OutgoingMail | null>> {
  const mail = await service
    .from("project_message_mails")
    .select("project_id, user_id, locale, from_message, to_message")
    .eq("id", id)
    .maybeSingle();
  if (mail.error) return fail("backend", mail.error.message);
  if (!mail.data) return ok(null);
  const { project_id, user_id, from_message, to_message } = mail.data;
  const [project, messages, read, person] = await Promise.all([
    service.from("projects").select("id, title, organisation_id").eq("id", project_id).single(),
    service
      .from("project_messages")
      .select("body, author_id, author_name, author_side, created_at, attachment_path")
      .eq("project_id", project_id)
      .gte("id", from_message)
      .lte("id", to_message)
      .order("id")
      .limit(50),
    service
      .from("project_message_reads")
      .select("last_read_at")
      .eq("project_id", project_id)
      .eq("user_id", user_id)
      .maybeSingle(),
    service.auth.admin.getUserById(user_id),
  ]);
  if (project.error) return fail("backend", project.error.message);
  if (messages.error) return fail("backend", messages.error.message);
  const readAt = read.data?.last_read_at ? Date.parse(read.data.last_read_at) : -Infinity;
  const news = (messages.data ?? []).filter(
    (message) => message.author_id !== user_id && Date.parse(message.created_at) > readAt,
  );
  const email = person.data.user?.email;
  // Who turned project messages off on /profile gets none (read when the mail is made).
  if (news.length === 0 || !email || !wantsMail(person.data.user, "messages")) return ok(null);
  const membership = await service
    .from("organisation_members")
    .select("user_id")
    .eq("organisation_id", project.data.organisation_id)
    .eq("user_id", user_id)
    .maybeSingle();
  const locale: Locale = isLocale(mail.data.locale) ? mail.data.locale : "en";
  const t = translator(locale);
  const zone = agencyTimeZone();
  const page = membership.data
    ? t.path(`/organisations/${project.data.organisation_id}/projects/${project_id}`)
    : `/admin/clients/${project.data.organisation_id}/projects/${project_id}`;
  const link = `${siteUrl()}${page}#messages`;
  const { brandName } = await getSiteConfig(locale);
  const list = news
    .map((message) => {
      const side = t(message.author_side === "agency" ? "thread.sideAgency" : "thread.sideClient");
      const when = dateTime(message.created_at, locale, zone, "short");
      const file = message.attachment_path
        ? `\n${t("thread.attached")} ${message.attachment_path.slice(message.attachment_path.lastIndexOf("/") + 1)}`
        : "";
      return `${message.author_name} (${side}), ${when}:\n${message.body}${file}`;
    })
    .join("\n\n");
  const name = String(person.data.user?.user_metadata?.full_name ?? "").trim() || email;
  const values = { name, count: news.length, project: project.data.title, link, brand: brandName };
  return ok({
    to: email,
    subject: t("thread.mailSubject", values),
    text: `${t("thread.mailIntro", values)}\n\n${list}\n\n${t("thread.mailOutro", values)}`,
    links: [link],
  });
}
