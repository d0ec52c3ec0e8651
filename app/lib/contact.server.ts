import type { SupabaseClient } from "@supabase/supabase-js";
import { safeRedirect } from "remix-utils/safe-redirect";

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  userId: string | null;
}

const FALLBACK_ERROR = "We couldn't send your message right now. Please try again shortly.";

/**
 * Stores a contact message (spec §7 "Contact"). Returns null on success or the backend's own
 * error message (spec §8) — never throws for a backend failure.
 */
export async function saveContactMessage(
  supabase: SupabaseClient,
  input: ContactMessage,
): Promise<string | null> {
  try {
    const { error } = await supabase.from("contact_messages").insert({
      name: input.name,
      email: input.email,
      message: input.message,
      user_id: input.userId,
    });
    return error ? error.message || FALLBACK_ERROR : null;
  } catch (error) {
    console.error("contact message failed", error);
    return FALLBACK_ERROR;
  }
}

/** Same-origin path for going back after a form post (`fallback` when missing or unsafe). */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.includes("\\")) return fallback;
  for (const char of value) if (char.charCodeAt(0) < 0x20) return fallback;
  return safeRedirect(value, fallback);
}
