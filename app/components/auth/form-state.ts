import type { Toast } from "~/lib/toast";

/** The part of a Conform `submission.reply()` that forms read: echoed values and field errors. */
export interface FormReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

/** What an account action returns on failure (400/401/429/503). */
export interface FormActionData {
  result?: FormReply;
  formError?: string | null;
  /** A neutral confirmation shown instead of an error (e.g. "reset link sent"). */
  notice?: string;
  /** A toast for this answer (backend errors of forms that keep their input). */
  toast?: Toast;
}

export function typedValue(reply: FormReply | undefined, name: string): string | undefined {
  const value = reply?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

export function errorsOf(reply: FormReply | undefined, name: string): string[] | undefined {
  return reply?.error?.[name] ?? undefined;
}
