import { data } from "react-router";
import { retryMailSchema } from "~/domain/admin/forms.server";
import { loadOverview, retryFailedMail } from "~/domain/admin/overview.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import type { Route } from "./+types/overview";
import { adminLoad, answerWith, readAdminForm } from "./admin-form.server";

export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const overview = await loadOverview(supabase);
  if (!overview.ok) return data({ overview: null, error: overview.message }, { status: 502 });
  return { overview: overview.value, error: null };
}

/** Queues failed notifications again (the outbox sends them at once). */
export async function action(args: Route.ActionArgs) {
  const form = await readAdminForm(args, retryMailSchema);
  if ("answer" in form) return form.answer;
  const retried = await retryFailedMail(form.supabase);
  if (retried.ok) void kickOutbox();
  return answerWith(retried, "/admin", "Failed e-mails queued again");
}
