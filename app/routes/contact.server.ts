import { data } from "react-router";
import { recordGoal } from "~/domain/analytics/collector.server";
import { contactCopyMail } from "~/domain/contact/copy.server";
import { formPage, saveContactMessage } from "~/domain/contact/messages.server";
import { contactPrefill } from "~/domain/contact/prefill.server";
import { contactSchemaIn } from "~/domain/contact/schema.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { siteContent } from "~/domain/site/snapshot.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { publicCacheHeaders } from "~/infra/cache-policy";
import { readSubmission } from "~/infra/forms.server";
import { sendCappedMailLater } from "~/infra/mail-caps.server";
import { pageParams } from "~/lib/page-query";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { overLimit, perAddress } from "~/web/limits.server";
import { pageSnapshot } from "~/web/page-content.server";
import { failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getAuthUser, getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/contact";

/** Messages per client address, counted once the form is valid (app/web/limits.server.ts). */
const LIMITS = { send: [perAddress("contact")] } as const;

/**
 * The contact page; `?topic=` (chat widget) prefills the message, `?service=` (a service page's
 * "Request a quote") chooses the service and prefills a quote request.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { locale, t, i18n } = pageI18n(url, [
    "contact",
    "meta.contactTitle",
    "meta.contactDescription",
  ]);
  const snapshot = await pageSnapshot();
  const prefill = contactPrefill(snapshot.in(locale), t, pageParams(url), snapshot.redirects);
  return data({ ...prefill, i18n }, { headers: publicCacheHeaders(request) });
}

/** Stores a contact message (also posted by the home page form, which sends `redirectTo`). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  // Without any site content the backend is down: the save below fails with the typed values
  // kept (and the form offered no service to choose).
  const site = await siteContent(t.locale).catch(() => undefined);
  const schema = contactSchemaIn(t.locale, site?.serviceLinks);
  const read = await readSubmission(request, schema, { honeypot: true });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await overLimit(request, LIMITS.send, submission.value);
  if (limited) return failedForm(limited, submission);
  const { name, email, phone, message, service, redirectTo } = submission.value;
  const user = await getAuthUser(context);
  const saved = await saveContactMessage(getSupabase(context), {
    name,
    email,
    message,
    userId: user?.id ?? null,
    service: service ?? null,
    phone: phone ?? null,
    locale: t.locale,
    page: formPage(request),
  });
  if (!saved.ok) return failedForm(localizeFailure(saved, t), submission, { toast: true });
  recordGoal(request, service ? "quote" : "contact", service ?? "");
  // The sender's copy, after the answer and within its cap per address (anyone may type any).
  sendCappedMailLater("contactCopy", email, () =>
    contactCopyMail({ name, email, message }, t.locale),
  );
  // The agency's notification was queued with the row; send it now, after this answer.
  void kickOutbox();
  return redirectWithToast(safeRedirectPath(redirectTo, t.path("/contact")), {
    type: "success",
    title: t("contact.sent"),
  });
}
