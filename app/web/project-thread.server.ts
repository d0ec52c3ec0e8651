import { data } from "react-router";
import { wakeJobs } from "~/domain/jobs/jobs.server";
import type { DeliverableRow } from "~/domain/portal/deliverables.server";
import { attachmentChoices, messageItems } from "~/domain/portal/message-view.server";
import {
  markThreadRead,
  messageSchema,
  postMessage,
  projectMessages,
} from "~/domain/portal/messages.server";
import { localizeFailure } from "~/i18n/failures.server";
import type { Locale } from "~/i18n/locale";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import type { Result } from "~/lib/result";
import { type AdminArgs, readAdminForm } from "./admin-form.server";
import { failedForm } from "./replies.server";
import { redirectWithToast } from "./toast.server";

/**
 * A project's thread on both sides' project pages (the agency's /admin/clients/…/projects/… and
 * the client's /organisations/…/projects/…): the messages, the files one may attach, and the
 * form's answer. The form posts to the page with `?messages`, so that the page's own forms keep
 * their schema and the thread keeps its own.
 */
export const THREAD_FLAG = "messages";

/** Whether this post is the thread's form. */
export const isThreadPost = (request: Request) =>
  new URL(request.url).searchParams.has(THREAD_FLAG);

/**
 * The thread of the project for the page, in `locale`; opening it marks it read for the caller
 * (not when `markRead` is false: an admin viewing the client's page as its members see it; once
 * it resolves when it is a promise — the project found — and never if it fails).
 * The attachable files are those of the project's deliverables the caller may read.
 */
export async function loadThread(
  supabase: AppSupabase,
  projectId: number,
  deliverables: Promise<Result<DeliverableRow[]>>,
  locale: Locale,
  markRead: boolean | Promise<unknown> = true,
) {
  const mark = () => markThreadRead(supabase, projectId);
  const [messages, files] = await Promise.all([
    projectMessages(supabase, projectId),
    deliverables,
    markRead === true ? mark() : markRead ? markRead.then(mark) : null,
  ]);
  return {
    messages: messages.ok ? messageItems(messages.value, locale) : null,
    attachments: files.ok ? attachmentChoices(files.value) : [],
    messagesError: messages.ok ? null : messages.message,
  };
}

/**
 * Writes the caller's message in project `projectId`'s thread; back to the thread (`page`
 * `#messages`) with a toast, or the page again with the mistake under its field and the text
 * kept. A project the caller may not write in answers 404.
 */
export async function answerThreadForm(
  args: AdminArgs,
  projectId: number,
  page: string,
  t: Translator,
) {
  const form = await readAdminForm(args, messageSchema(t));
  if ("answer" in form) return form.answer;
  const posted = await postMessage(form.supabase, projectId, form.value);
  if (posted.ok) {
    // The other side's notice: the job the message queued is due now (or in 10 minutes).
    wakeJobs();
    return redirectWithToast(`${page}#messages`, {
      type: "success",
      title: t("thread.sent"),
      subject: page,
    });
  }
  if (posted.kind === "not-found") throw data({ message: posted.message }, { status: 404 });
  const failure = localizeFailure(posted, t);
  // The database's refusals about a field (an attachment, too long, too many): under it.
  if (posted.kind === "invalid" || posted.kind === "limited") {
    const field = posted.field ?? "message";
    const result = form.submission.reply({ fieldErrors: { [field]: [failure.message] } });
    const status = posted.kind === "limited" ? 429 : 400;
    return data<FormReply>({ result, formError: null }, { status });
  }
  return failedForm(failure, form.submission, { toast: true });
}
