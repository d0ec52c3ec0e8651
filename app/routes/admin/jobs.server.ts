import { data } from "react-router";
import { listDeadJobs, retryDeadJob, retryJobSchema } from "~/domain/jobs/dead-letters.server";
import { wakeJobs } from "~/domain/jobs/jobs.server";
import { dateTime } from "~/i18n/format";
import { bundle, translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import { adminLoad, answerWith, readAdminForm } from "~/web/admin-form.server";
import { adminLocale } from "~/web/site-editor.server";
import type { Route } from "./+types/jobs";

/** The dead-lettered jobs, newest first, with their last error, in the admin's language. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const i18n = bundle(locale, ["adminJobs"]);
  const dead = await listDeadJobs(supabase);
  if (!dead.ok) return data({ dead: null, error: dead.message, i18n }, { status: 502 });
  const zone = agencyTimeZone();
  // Plurals are resolved here: components render without the ICU runtime.
  const t = translator(locale);
  const jobs = dead.value.jobs.map((job) => ({
    ...job,
    when: dateTime(job.updated_at, locale, zone, "long"),
    attemptsText: t("adminJobs.attempts", { count: job.attempts }),
  }));
  const countText = t("adminJobs.count", { count: dead.value.total, shown: jobs.length });
  return { dead: { jobs, countText }, error: null, i18n };
}

/** Queues one dead job again (POST form, works without JavaScript). */
export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, retryJobSchema);
  if ("answer" in form) return form.answer;
  const retried = await retryDeadJob(form.supabase, form.value.id);
  if (retried.ok) wakeJobs();
  const t = translator(adminLocale(args.request));
  return answerWith(retried, "/admin/jobs", t("adminJobs.retried", { id: form.value.id }));
}
