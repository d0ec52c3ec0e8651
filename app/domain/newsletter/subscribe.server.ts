import { failWith } from "~/i18n/failures.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";

const UNIQUE_VIOLATION = "23505";

/**
 * Adds an address to newsletter_subscribers. The table is unique on lower(email): a repeat is
 * not stored twice, and counts as success (`already` tells the caller, not the visitor).
 */
export async function subscribeToNewsletter(
  supabase: AppSupabase,
  email: string,
): Promise<Result<{ already: boolean }>> {
  try {
    const { error } = await supabase.from("newsletter_subscribers").insert({ email });
    if (!error) return ok({ already: false });
    if (error.code === UNIQUE_VIOLATION) return ok({ already: true });
    const failure = failWith("unavailable", "newsletter.failed");
    return { ...failure, message: error.message || "Subscription failed." };
  } catch (error) {
    console.error("newsletter subscription failed", error);
    return failWith("unavailable", "newsletter.failed");
  }
}
