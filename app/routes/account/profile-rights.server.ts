import { data } from "react-router";
import { z } from "zod";
import { confirmsAddress, deleteAccount } from "~/domain/accounts/account-deletion.server";
import {
  notificationsSchema,
  saveNotificationPrefs,
} from "~/domain/accounts/client-details.server";
import { NOTIFICATION_KINDS, type NotificationKind } from "~/domain/accounts/notification-prefs";
import { localizeFailure } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import type { Translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import { serviceRoleClient } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import { fail } from "~/lib/result";
import { SESSION_SUBJECT } from "~/lib/toast";
import { endSession } from "~/web/end-session.server";
import { failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";
import type { Route } from "./+types/profile";

/**
 * The account's rights on /profile (issue 42, item 2): the optional mails
 * (`?intent=notifications`) and the deletion of the account (`?intent=delete`). Each answer
 * names its form, so its errors show under it rather than under the profile's.
 */
export type RightsForm = "notifications" | "delete";

function forForm(form: RightsForm, answer: { data: FormReply; init: ResponseInit | null }) {
  return data<FormReply & { form: RightsForm }>({ ...answer.data, form }, answer.init ?? undefined);
}

const LABELS: Record<NotificationKind, MessageKey> = {
  messages: "account.rights.notifyMessages",
  deliverables: "account.rights.notifyDeliverables",
  invoices: "account.rights.notifyInvoices",
};

/** POST /profile?intent=notifications: each box ticked is on, each one left empty off. */
export async function notificationsAction(args: Route.ActionArgs, t: Translator) {
  const read = await readSubmission(args.request, notificationsSchema);
  if (!read.ok) return forForm("notifications", rejectedForm(read));
  const { submission } = read;
  if (submission.status !== "success") return forForm("notifications", invalidForm(submission));
  const prefs = {
    messages: submission.value.messages === "on",
    deliverables: submission.value.deliverables === "on",
    invoices: submission.value.invoices === "on",
  };
  const saved = await saveNotificationPrefs(getSupabase(args.context), prefs);
  if (!saved.ok) {
    return forForm("notifications", failedForm(localizeFailure(saved, t), submission));
  }
  const on = NOTIFICATION_KINDS.filter((kind) => prefs[kind]).map((kind) => t(LABELS[kind]));
  return redirectWithToast(t.path("/profile"), {
    type: "success",
    title: t("account.rights.notificationsSaved"),
    description:
      on.length > 0
        ? t("account.rights.notificationsNowOn", { list: on.join("; ") })
        : t("account.rights.notificationsAllOff"),
  });
}

/**
 * POST /profile?intent=delete: the typed address must be the account's; refused while the
 * person alone owns an organisation others belong to. Done, the session ends and the home page
 * says what was deleted.
 */
export async function deleteAction(args: Route.ActionArgs, t: Translator) {
  const { user } = args.context.get(viewerContext);
  const schema = z.object({
    confirmEmail: z
      .string()
      .max(1024)
      .optional()
      .refine(
        (typed) => confirmsAddress(typed ?? "", user),
        t("account.rights.deleteConfirmMismatch", { email: user.email ?? "" }),
      ),
  });
  const read = await readSubmission(args.request, schema);
  if (!read.ok) return forForm("delete", rejectedForm(read));
  const { submission } = read;
  if (submission.status !== "success") return forForm("delete", invalidForm(submission));
  const done = await deleteAccount(getSupabase(args.context), serviceRoleClient(), user);
  if (!done.ok) {
    const failure =
      done.reason === "sole-owner"
        ? fail(
            "conflict",
            t("account.rights.deleteSoleOwner", { names: done.organisations.join(", ") }),
          )
        : fail("unavailable", t("account.rights.deleteFailed"));
    return forForm("delete", failedForm(failure, submission));
  }
  const headers = await endSession(args.request, args.context);
  return redirectWithToast(
    t.path("/"),
    {
      type: "success",
      title: t("account.rights.deleted"),
      description: done.newsletterRemoved
        ? t("account.rights.deletedDetail")
        : t("account.rights.deletedNewsletterKept"),
      subject: SESSION_SUBJECT,
    },
    { headers },
  );
}
