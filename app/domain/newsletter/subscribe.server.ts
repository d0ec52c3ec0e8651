import { failWith } from "~/i18n/failures.server";
import type { Locale } from "~/i18n/locale";
import type { AppSupabase } from "~/infra/supabase.server";
import { ok, type Result } from "~/lib/result";

const UNIQUE_VIOLATION = "23505";

/**
 * Adds an address to newsletter_subscribers. The table is unique on lower(email): a repeat is
 * not stored twice, and counts as success (`already` tells the caller, not the visitor). `lang`
 * is the language its confirmation mail and later mails are written in.
 */
export async function subscribeToNewsletter(
  supabase: AppSupabase,
  email: string,
  lang: Locale = "en",
): Promise<Result<{ already: boolean }>> {
  try {
    const { error } = await supabase.from("newsletter_subscribers").insert({ email, lang });
    if (!error) return ok({ already: false });
    if (error.code === UNIQUE_VIOLATION) return ok({ already: true });
    const failure = failWith("unavailable", "newsletter.failed");
    return { ...failure, message: error.message || "Subscription failed." };
  } catch (error) {
    console.error("newsletter subscription failed", error);
    return failWith("unavailable", "newsletter.failed");
  }
}
