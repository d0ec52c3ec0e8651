import { data } from "react-router";
import { topicMessage } from "~/content/chat-options";
import { findService } from "~/content/services";
import { CONTACT_SUCCESS_MESSAGE, isServiceId } from "~/domain/contact/limits";
import { saveContactMessage } from "~/domain/contact/messages.server";
import { contactSchema } from "~/domain/contact/schema.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { readSubmission } from "~/infra/forms.server";
import { publicCacheHeaders } from "~/infra/http-policy";
import { failedForm, invalidForm, rateLimit, rejectedForm } from "~/infra/replies.server";
import { getAuthUser, getSupabase } from "~/infra/session.server";
import { redirectWithToast } from "~/infra/toast.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/contact";

/**
 * The contact page; `?topic=` (chat widget) prefills the message, `?service=` (a service page's
 * "Request a quote") chooses the service and prefills a quote request.
 */
export function loader({ request, url }: Route.LoaderArgs) {
  const service = url.searchParams.get("service");
  const quoteFor = isServiceId(service) ? findService(service) : undefined;
  return data(
    {
      defaultMessage: quoteFor
        ? `Hello, I would like a quote for ${quoteFor.title}. `
        : topicMessage(url.searchParams.get("topic")),
      defaultService: quoteFor?.id ?? "",
    },
    { headers: publicCacheHeaders(request) },
  );
}

/** Stores a contact message (also posted by the home page form, which sends `redirectTo`). */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readSubmission(request, contactSchema, { honeypot: true });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await rateLimit("contact", request);
  if (limited) return failedForm(limited, submission);
  const { name, email, message, service, redirectTo } = submission.value;
  const user = await getAuthUser(context);
  const saved = await saveContactMessage(getSupabase(context), {
    name,
    email,
    message,
    userId: user?.id ?? null,
    service: service ?? null,
  });
  if (!saved.ok) return failedForm(saved, submission, { toast: true });
  // The agency's notification was queued with the row; send it now, after this answer.
  void kickOutbox();
  return redirectWithToast(safeRedirectPath(redirectTo, "/contact"), {
    type: "success",
    title: CONTACT_SUCCESS_MESSAGE,
  });
}
