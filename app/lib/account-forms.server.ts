import type { SubmissionResult } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { FormActionData } from "~/components/auth/form-state";
import type { AuthFailure } from "./account-auth.server";
import {
  clientIp,
  consumeRateLimit,
  type RateLimitKind,
  rateLimitMessage,
  tooManyRequests,
} from "./rate-limit.server";

/** Any Conform submission (valid or not): what the helpers below need of it. */
interface Submission {
  reply(options?: { hideFields?: string[] }): SubmissionResult<string[]>;
}

const SECRET_FIELDS = ["password", "confirmPassword"];

/** The echo of a submission without its secrets (typed values come back, passwords never). */
export function replyOf(submission: Submission) {
  return submission.reply({ hideFields: SECRET_FIELDS });
}

/** 400 with field errors (and the typed values). */
export function invalidForm(submission: Submission) {
  return data<FormActionData>({ result: replyOf(submission), formError: null }, { status: 400 });
}

/** The provider's message under the form, with the status it deserves. */
export function failedForm(submission: Submission, failure: AuthFailure) {
  return data<FormActionData>(
    { result: replyOf(submission), formError: failure.message },
    { status: failure.status },
  );
}

/** null when allowed; otherwise the 429 answer to return (message under the form). */
export async function rateLimited(
  kind: RateLimitKind,
  request: Request,
  submission: Submission,
  extraKeys: string[] = [],
) {
  const wait = await consumeRateLimit(kind, [clientIp(request), ...extraKeys]);
  if (wait === null) return null;
  return tooManyRequests<FormActionData>(
    { result: replyOf(submission), formError: rateLimitMessage(wait) },
    wait,
  );
}
