import type { SupabaseClient } from "@supabase/supabase-js";

export type SubscribeResult =
  | { status: "subscribed" }
  | { status: "duplicate" }
  | { status: "error"; message: string };

const UNIQUE_VIOLATION = "23505";

/**
 * Adds an address to newsletter_subscribers. The table is unique on lower(email), so a repeat
 * is reported as "duplicate" and never stored twice.
 */
export async function subscribeToNewsletter(
  supabase: SupabaseClient,
  email: string,
): Promise<SubscribeResult> {
  try {
    const { error } = await supabase.from("newsletter_subscribers").insert({ email });
    if (!error) return { status: "subscribed" };
    if (error.code === UNIQUE_VIOLATION) return { status: "duplicate" };
    return { status: "error", message: error.message || "Subscription failed." };
  } catch (error) {
    console.error("newsletter subscription failed", error);
    return {
      status: "error",
      message: "We couldn't subscribe you right now. Please try again shortly.",
    };
  }
}
