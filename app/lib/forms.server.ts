import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { z } from "zod";

/** The honeypot field of every public form (a static field: pages stay cacheable). */
export const honeypot = new Honeypot({ validFromFieldName: null });

export class BadFormError extends Error {}

/**
 * Reads a form submission. Anything that is not a well-formed url-encoded or multipart form
 * answers 400 with a message — never a 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (
    !type.startsWith("application/x-www-form-urlencoded") &&
    !type.startsWith("multipart/form-data")
  ) {
    throw data({ formError: "Please submit the form from the page." }, { status: 400 });
  }
  try {
    return await request.formData();
  } catch {
    throw data(
      { formError: "The form data could not be read. Please try again." },
      { status: 400 },
    );
  }
}

/** Rejects bot submissions that filled the hidden honeypot field. */
export async function checkHoneypot(formData: FormData): Promise<void> {
  try {
    await honeypot.check(formData);
  } catch (error) {
    if (error instanceof SpamError)
      throw data({ formError: "Form not submitted." }, { status: 400 });
    throw error;
  }
}

/**
 * Validates with the shared Zod schema (Conform). Repeated fields or files where text is expected
 * fail validation instead of being coerced.
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}
