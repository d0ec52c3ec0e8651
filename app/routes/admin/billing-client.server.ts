import { organisationById } from "~/domain/access/organisations.server";
import { clientPinSchema, saveClientKraPin } from "~/domain/billing/settings.server";
import { localizeFailure } from "~/i18n/failures.server";
import type { Translator } from "~/i18n/translate.server";
import { type AdminArgs, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { redirectWithToast } from "~/web/toast.server";

/** Which form of the client's page was posted: its KRA PIN's (`intent=kra_pin`) or another. */
export async function isClientPinForm(request: Request): Promise<boolean> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return false;
  const body = await request.clone().text();
  return body.length < 4096 && new URLSearchParams(body).get("intent") === "kra_pin";
}

/**
 * The client page's KRA PIN form (/admin/clients/:id): saved, then back to the page; a wrong
 * PIN under its field with what was typed. Its answers carry `form: "kra_pin"` so the page's
 * other forms leave them alone.
 */
export async function answerClientPinForm(args: AdminArgs, t: Translator) {
  const form = await readAdminForm(args, clientPinSchema(t));
  if ("answer" in form) return form.answer;
  const organisation = await organisationById(form.supabase, args.params.id);
  if (!organisation.ok) return failedForm(organisation, undefined, { toast: true });
  const saved = await saveClientKraPin(form.supabase, organisation.value.id, form.value.kra_pin);
  if (!saved.ok) return failedForm(localizeFailure(saved, t), form.submission);
  return redirectWithToast(`/admin/clients/${organisation.value.id}`, {
    type: "success",
    title: t("adminBilling.clientPin.saved"),
  });
}
