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
