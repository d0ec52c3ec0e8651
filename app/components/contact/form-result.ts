/** The part of Conform's `submission.reply()` the forms read (plain data: safe on the client). */
export interface FormResult {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

export function fieldErrors(result: FormResult | undefined, name: string): string[] | undefined {
  return result?.error?.[name] ?? undefined;
}

/** The error about the whole form (Conform keeps it under the "" key). */
export function formErrorOf(result: FormResult | undefined): string | undefined {
  return result?.error?.[""]?.[0];
}

export function submittedValue(result: FormResult | undefined, name: string): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}
