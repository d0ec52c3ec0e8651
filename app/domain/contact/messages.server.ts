import { failWith } from "~/i18n/failures.server";
import type { AppSupabase } from "~/infra/supabase.server";
import { fail, ok, type Result } from "~/lib/result";
import type { OwnMessage } from "./types";

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  userId: string | null;
  /** The service the visitor asks a quote for, if any. */
  service?: string | null;
}

/**
 * Stores a contact message. A backend failure comes back with the backend's
 * own message — it never throws.
 */
export async function saveContactMessage(
  supabase: AppSupabase,
  input: ContactMessage,
): Promise<Result> {
  try {
    const { error } = await supabase.from("contact_messages").insert({
      name: input.name,
      email: input.email,
      message: input.message,
      user_id: input.userId,
      service: input.service ?? null,
    });
    if (!error) return ok();
    const failure = failWith("unavailable", "contact.sendFailed");
    return error.message ? { ...failure, message: error.message } : failure;
  } catch (error) {
    console.error("contact message failed", error);
    return failWith("unavailable", "contact.sendFailed");
  }
}

/**
 * The signed-in user's own messages, newest first. Filtered by `userId` as well as by RLS:
 * admins may read every message (the inbox), but their dashboard lists only their own.
 */
export async function listOwnMessages(
  supabase: AppSupabase,
  userId: string,
  limit = 20,
): Promise<Result<OwnMessage[]>> {
  try {
    const { data, error } = await supabase
      .from("contact_messages")
      .select("id, message, created_at")
      .eq("user_id", userId)
      .order("created_at", { ascending: false })
      .limit(limit);
    return error ? fail("backend", error.message) : ok(data ?? []);
  } catch (error) {
    return fail(
      "unavailable",
      error instanceof Error ? error.message : "Could not load your messages.",
    );
  }
}
