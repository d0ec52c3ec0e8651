import { data } from "react-router";
import { topicMessageIn } from "~/content/localized.server";
import { saveContactMessage } from "~/domain/contact/messages.server";
import { contactSchemaIn } from "~/domain/contact/schema.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { readSubmission } from "~/infra/forms.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { failedForm, invalidForm, rateLimit, rejectedForm } from "~/infra/replies.server";
import { getAuthUser, getSupabase } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/contact";

export function loader({ request, url }: Route.LoaderArgs) {
  const { locale, i18n } = pageI18n(url, [
    "contact",
    "meta.contactTitle",
    "meta.contactDescription",
  ]);
  return data(
    { defaultMessage: topicMessageIn(locale, url.searchParams.get("topic")), i18n },
    { headers: publicCacheHeaders(request) },
  );
}

/** Stores a contact message (also posted by the home page form, which sends `redirectTo`). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const read = await readSubmission(request, contactSchemaIn(t.locale), { honeypot: true });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await rateLimit("contact", request);
  if (limited) return failedForm(limited, submission);
  const { name, email, message, redirectTo } = submission.value;
  const user = await getAuthUser(context);
  const saved = await saveContactMessage(getSupabase(context), {
    name,
    email,
    message,
    userId: user?.id ?? null,
  });
  if (!saved.ok) return failedForm(localizeFailure(saved, t), submission, { toast: true });
  return redirectWithToast(safeRedirectPath(redirectTo, t.path("/contact")), {
    type: "success",
    title: t("contact.sent"),
  });
}
