import type { Toast } from "./toast";

/** The part of a Conform `submission.reply()` that forms read: echoed values and field errors. */
export interface FieldReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

/** What every form action answers when it does not redirect (400/401/409/429/502/503 or 200). */
export interface FormReply {
  result?: FieldReply;
  /** A message about the whole form (provider errors, rate limits, unreadable submissions). */
  formError?: string | null;
  /** A neutral confirmation shown in place of the form's errors ("reset link sent"). */
  notice?: string;
  /** A toast for this answer (backend errors of forms that keep their input). */
  toast?: Toast;
}

export function typedValue(reply: FieldReply | undefined, name: string): string | undefined {
  const value = reply?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

export function fieldErrors(reply: FieldReply | undefined, name: string): string[] | undefined {
  return reply?.error?.[name] ?? undefined;
}

/** The message about the whole form: the reply's own, or Conform's form-level error. */
export function formErrorOf(reply: FormReply | undefined): string | undefined {
  return reply?.formError ?? reply?.result?.error?.[""]?.[0] ?? undefined;
}

/** One problem of an answer: about the field `name`, or (name null) about the whole form. */
export interface AnswerError {
  name: string | null;
  message: string;
}

/** What the error summary reads of any form's answer: a Conform reply's or a site editor's. */
interface AnswerLike {
  result?: FieldReply;
  formError?: string | null;
  errors?: Record<string, string[] | null> | null;
}

function isAnswerLike(value: unknown): value is AnswerLike {
  return typeof value === "object" && value !== null;
}

/**
 * Every problem an action's answer holds, in the form's order: the message about the whole
 * form (`formError`), then the field errors of a Conform reply (`result.error`, "" being the
 * form's own) or of the site editors (`errors`), each message once. What the error summary
 * lists and what prefixes the page title with "Error:".
 */
export function answerErrors(answer: unknown): AnswerError[] {
  if (!isAnswerLike(answer)) return [];
  const problems: AnswerError[] = [];
  const seen = new Set<string>();
  const add = (name: string | null, message: string | null | undefined) => {
    const key = `${name ?? ""}\n${message}`;
    if (!message || seen.has(key)) return;
    seen.add(key);
    problems.push({ name, message });
  };
  add(null, answer.formError);
  for (const source of [answer.result?.error, answer.errors]) {
    for (const [name, messages] of Object.entries(source ?? {})) {
      for (const message of messages ?? []) add(name === "" ? null : name, message);
    }
  }
  return problems;
}

/**
 * The key of the root's data, as `meta` functions see it, saying the page shows an answer with
 * errors (app/components/forms/error-title.tsx sets it, `pageMeta` reads it).
 */
export const ANSWER_HAS_ERRORS = "answerHasErrors";
