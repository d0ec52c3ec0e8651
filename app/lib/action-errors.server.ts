import type { data } from "react-router";
import { readFormData } from "./forms.server";

/** What readFormData / checkHoneypot throw: `data({ formError }, { status: 400 })`. */
type DataResult = ReturnType<typeof data<{ formError: string }>>;

function isDataResult(value: unknown): value is DataResult {
  return (
    typeof value === "object" &&
    value !== null &&
    "data" in value &&
    "init" in value &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/**
 * Reads the form body and runs `checks` (e.g. the honeypot). Their thrown `data({ formError },
 * { status: 400 })` answers are returned as action data instead, so the page re-renders with the
 * message under the form rather than an error screen.
 */
export async function readCheckedForm(
  request: Request,
  checks: (formData: FormData) => Promise<void> = async () => {},
): Promise<{ formData: FormData; rejected?: undefined } | { rejected: DataResult }> {
  try {
    const formData = await readFormData(request);
    await checks(formData);
    return { formData };
  } catch (error) {
    if (isDataResult(error)) return { rejected: error };
    throw error;
  }
}
