import { data } from "react-router";
import { requestConfirmationAgain } from "~/domain/newsletter/consent.server";
import { newsletterSchemaIn } from "~/domain/newsletter/schema.server";
import { subscribeToNewsletter } from "~/domain/newsletter/subscribe.server";
import { kickOutbox } from "~/domain/outbox/outbox.server";
import { localizeFailure } from "~/i18n/failures.server";
import { localeOf, pageI18n } from "~/i18n/page.server";
import { translator } from "~/i18n/translate.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { readSubmission } from "~/infra/forms.server";
import type { FormReply } from "~/lib/form-reply";
import { overLimit, perAddress } from "~/web/limits.server";
import { failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import type { Route } from "./+types/newsletter";

/** Subscriptions per client address, counted once the form is valid (app/web/limits.server.ts). */
const LIMITS = { subscribe: [perAddress("newsletter")] } as const;

/**
 * A plain page with the sign-up box. Visitors without JS land here after posting the box on /blog
 * (a loader redirect would also swallow the action's answer: React Router runs loaders after a
 * document POST).
 */
export function loader({ url }: Route.LoaderArgs) {
  return {
    i18n: pageI18n(url, ["newsletter", "blog.backToBlog", "meta.newsletterDescription"]).i18n,
  };
}

/**
 * Posted by the blog's newsletter box (a fetcher with JS, a document POST without). A new and a
 * repeated address get the same answer: the form never tells who is on the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translator(localeOf(request));
  const read = await readSubmission(request, newsletterSchemaIn(t.locale), { honeypot: true });
  if (!read.ok) return rejectedForm(read);
  const { submission } = read;
  if (submission.status !== "success") return invalidForm(submission);
  const limited = await overLimit(request, LIMITS.subscribe, submission.value);
  if (limited) return failedForm(limited, submission);
  const result = await subscribeToNewsletter(
    getSupabase(context),
    submission.value.email,
    t.locale,
  );
  if (!result.ok) return failedForm(localizeFailure(result, t), submission);
  // The confirmation mail goes out after the answer, whether the address was new or not.
  const { email } = submission.value;
  setImmediate(() => {
    const queued = result.value.already
      ? requestConfirmationAgain(email, t.locale)
      : Promise.resolve();
    void queued.then(kickOutbox, (error) => console.warn(`[newsletter] ${error}`));
  });
  return data<FormReply>(
    { notice: t("newsletter.subscribed") },
    { headers: cacheHeaders("private") },
  );
}
