import { data } from "react-router";
import {
  billingSettingsSchema,
  loadBillingSettings,
  saveBillingSettings,
  settingsFormValues,
} from "~/domain/billing/settings.server";
import { localizeFailure } from "~/i18n/failures.server";
import { bundle, translator } from "~/i18n/translate.server";
import { adminLoad, readAdminForm } from "~/web/admin-form.server";
import { failedForm } from "~/web/replies.server";
import { adminLocale } from "~/web/site-editor.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/billing";

/** The billing settings as the form shows them. */
export async function loader(args: Route.LoaderArgs) {
  const { supabase } = await adminLoad(args);
  const locale = adminLocale(args.request);
  const settings = await loadBillingSettings(supabase);
  if (!settings.ok) throw data({ message: settings.message }, { status: 502 });
  return {
    saved: settingsFormValues(settings.value),
    i18n: bundle(locale, ["adminBilling.settings"]),
  };
}

/** Saves them; mistakes under their fields with what was typed. */
export async function action(args: Route.ActionArgs) {
  const t = translator(adminLocale(args.request));
  const form = await readAdminForm(args, billingSettingsSchema(t));
  if ("answer" in form) return form.answer;
  const saved = await saveBillingSettings(form.supabase, form.value);
  if (!saved.ok) return failedForm(localizeFailure(saved, t), form.submission);
  return redirectWithToast("/admin/billing", {
    type: "success",
    title: t("adminBilling.settings.saved"),
  });
}
