import type { User } from "@supabase/supabase-js";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { readSubmission } from "~/infra/forms.server";
import type { Result } from "~/lib/result";
import { failedForm, invalidForm, rejectedForm } from "~/web/replies.server";
import { getSupabase } from "~/web/session.server";
import { redirectWithToast } from "~/web/toast.server";
import { viewerContext } from "~/web/viewer.server";

/** What the admin list and detail pages share on the server: the guarded form, the answers. */
export type AdminArgs = {
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

/** The admin (the layout's viewer), their client and the request's query (loaders). */
export async function adminLoad(args: AdminArgs) {
  const { user } = args.context.get(viewerContext);
  return { user, supabase: getSupabase(args.context), query: args.url.searchParams };
}

/**
 * An admin action's form (the admin layout's middleware let only administrators in): the body
 * through the one form contract. `answer` is set when the form is refused or invalid (400).
 */
export async function readAdminForm<Schema extends z.ZodType>(args: AdminArgs, schema: Schema) {
  const user: User = args.context.get(viewerContext).user;
  const supabase = getSupabase(args.context);
  const read = await readSubmission(args.request, schema);
  if (!read.ok) return { answer: rejectedForm(read) } as const;
  if (read.submission.status !== "success")
    return { answer: invalidForm(read.submission) } as const;
  const { submission } = read;
  return { user, supabase, submission, value: submission.value as z.output<Schema> } as const;
}

/**
 * Success: back to `to` with a toast (about `subject`, by default the page `to`). Failure: the
 * page again with an error toast and the status of its kind.
 */
export function answerWith(result: Result<unknown>, to: string, success: string, subject?: string) {
  if (result.ok) return redirectWithToast(to, { type: "success", title: success, subject });
  return failedForm(result, undefined, { toast: true, underForm: false });
}
