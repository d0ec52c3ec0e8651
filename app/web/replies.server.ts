import type { SubmissionResult } from "@conform-to/zod/v4";
import { data } from "react-router";
import { cacheHeaders } from "~/infra/cache-policy";
import type { FormRejection } from "~/infra/forms.server";
import type { FieldReply, FormReply } from "~/lib/form-reply";
import type { Failure, FailureKind } from "~/lib/result";
import { makeToast } from "./toast.server";

/** The HTTP status of each failure kind: the one mapping of the site. */
export const STATUS_OF: Record<FailureKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  unprocessable: 422,
  "too-large": 413,
  limited: 429,
  backend: 502,
  unavailable: 503,
};

/**
 * What a form action answers: its form's one reply type (with status and headers) or a response
 * (a redirect). Declared as an action's return type, it types the page's `actionData` as that
 * reply on every branch (test/unit/action-data-typed.test.ts keeps the casts out).
 */
export type FormAnswer<Reply> = ReturnType<typeof data<Reply>> | Response;

/** Any Conform submission (valid or not): what the helpers below need of it. */
export interface Submission {
  reply(options?: { hideFields?: string[]; formErrors?: string[] }): SubmissionResult<string[]>;
}

/** Fields whose typed values never come back. */
const SECRET_FIELDS = ["password", "confirmPassword", "currentPassword"];

/** The echo of a submission without its secrets (typed values come back, passwords never). */
export function replyOf(submission: Submission): FieldReply {
  return submission.reply({ hideFields: SECRET_FIELDS });
}

function headersFor(status: number, retryAfter?: number): Headers {
  const headers = new Headers(cacheHeaders("private"));
  if (status === 429 && retryAfter) headers.set("Retry-After", String(retryAfter));
  return headers;
}

/** 400 with field errors (and the typed values). */
export function invalidForm(submission: Submission) {
  return data<FormReply>({ result: replyOf(submission), formError: null }, { status: 400 });
}

/** A submission refused before validation (malformed, unknown fields, honeypot): 400. */
export function rejectedForm(rejection: FormRejection) {
  return data<FormReply>({ formError: rejection.message }, { status: 400 });
}

/**
 * A failure as the form's answer: its message under the form (and/or as a toast), the status of
 * its kind, Retry-After when limited, and the typed values when there is a submission.
 */
export function failedForm<Extra extends object = object>(
  failure: Failure,
  submission?: Submission,
  options: { toast?: boolean; underForm?: boolean; extra?: Extra } = {},
) {
  const { toast = false, underForm = true } = options;
  const status = STATUS_OF[failure.kind];
  const formErrors = underForm ? [failure.message] : undefined;
  const reply = {
    result: submission ? submission.reply({ hideFields: SECRET_FIELDS, formErrors }) : undefined,
    formError: underForm ? failure.message : null,
    toast: toast ? makeToast({ type: "error", title: failure.message }) : undefined,
    ...options.extra,
  } as FormReply & Partial<Extra>;
  return data(reply, { status, headers: headersFor(status, failure.retryAfter) });
}

/** The answer with a Set-Cookie added (a data answer or a response), when there is one. */
export function withCookie<T extends { init: ResponseInit | null } | Response>(
  answer: T,
  cookie: string | null,
): T {
  if (!cookie) return answer;
  if (answer instanceof Response) {
    answer.headers.append("Set-Cookie", cookie);
    return answer;
  }
  const headers = new Headers(answer.init?.headers);
  headers.append("Set-Cookie", cookie);
  answer.init = { ...answer.init, headers };
  return answer;
}
