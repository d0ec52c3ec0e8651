import { wantsMail } from "~/domain/accounts/notification-prefs";
import { getSiteConfig } from "~/domain/site/config.server";
import { dateTime } from "~/i18n/format";
import { isLocale, type Locale } from "~/i18n/locale";
import { translator } from "~/i18n/translate.server";
import { agencyTimeZone, siteUrl } from "~/infra/env.server";
import type { OutgoingMail } from "~/infra/mail.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import { versionFacts } from "./version-facts.server";

/**
 * The agency's mail about a client's decision on a deliverable version. Recording a decision
 * queues a `deliverable.decided` job in the same transaction
 * (20261236000001_decision_mails.sql); the job (decision-mail-job.server.ts) writes one mail
 * per person who runs the project — its manager, else the staff assigned to the client, else the
 * admins — and the outbox sends each in the person's language with the decision, the version,
 * the reason of a request for changes, who decided and a link to the agency's project page.
 * Who turned deliverable mails off on /profile gets none.
 */
export async function decisionMail(
  service: AppSupabase,
  id: number,
): Promise<Result<OutgoingMail | null>> {
  const mail = await service
    .from("deliverable_decision_mails")
    .select("user_id, locale, decision_id")
    .eq("id", id)
    .maybeSingle();
  if (mail.error) return fail("backend", mail.error.message);
  if (!mail.data) return ok(null);
  const decision = await service
    .from("deliverable_decisions")
    .select("decision, reason, decider_name, decided_at, version_id")
    .eq("id", mail.data.decision_id)
    .maybeSingle();
  if (decision.error) return fail("backend", decision.error.message);
  if (!decision.data) return ok(null);
  const [facts, person] = await Promise.all([
    versionFacts(service, decision.data.version_id),
    service.auth.admin.getUserById(mail.data.user_id),
  ]);
  if (!facts.ok) return facts;
  if (!facts.value) return ok(null);
  const { version } = facts.value;
  const { deliverable } = version;
  const { project } = deliverable;
  const { organisation } = project;
  const email = person.data.user?.email;
  // Read when the mail is made: a preference changed since the decision counts.
  if (!email || !wantsMail(person.data.user, "deliverables")) return ok(null);
  const locale: Locale = isLocale(mail.data.locale) ? mail.data.locale : "en";
  const t = translator(locale);
  const link = `${siteUrl()}/admin/clients/${organisation.id}/projects/${project.id}#deliverables`;
  const { brandName } = await getSiteConfig(locale);
  const approved = decision.data.decision === "approved";
  const values = {
    name: String(person.data.user?.user_metadata?.full_name ?? "").trim() || email,
    decider: decision.data.decider_name,
    client: organisation.name,
    decision: t(approved ? "decisionMail.approved" : "decisionMail.changes"),
    number: version.number,
    title: deliverable.title,
    project: project.title,
    when: dateTime(decision.data.decided_at, locale, agencyTimeZone(), "long"),
    reason:
      approved || !decision.data.reason
        ? ""
        : t("decisionMail.reason", { reason: decision.data.reason }),
    link,
    brand: brandName,
  };
  return ok({
    to: email,
    subject: t(approved ? "decisionMail.subjectApproved" : "decisionMail.subjectChanges", values),
    text: t("decisionMail.text", values),
    links: [link],
  });
}
