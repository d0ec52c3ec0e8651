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
  /** The sender's phone or WhatsApp number in E.164, if they left one. */
  phone?: string | null;
  /** The language of the page they wrote from: the agency replies in it. */
  locale?: string | null;
  /** The path of this site's page the form was on (`formPage`), if the browser said. */
  page?: string | null;
}

/**
 * The path of this site's page a form was posted from, by its Referer (browsers send this
 * site's own pages in full): no query or fragment (searches and campaign tags stay out of the
 * inbox), at most 300 characters; null for another site, no header or anything else.
 */
export function formPage(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return null;
    const path = from.pathname;
    return path.length <= 300 && /^\/[^\s?#]*$/.test(path) ? path : null;
  } catch {
    return null;
  }
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
      phone: input.phone ?? null,
      locale: input.locale ?? null,
      page: input.page ?? null,
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
 * The signed-in person's own messages, newest first: those sent signed in, and those sent before
 * from the address their account has confirmed (public.own_contact_messages: an admin, who may
 * read every message in the inbox, gets only their own here too).
 */
export async function listOwnMessages(
  supabase: AppSupabase,
  limit = 20,
): Promise<Result<OwnMessage[]>> {
  try {
    const { data, error } = await supabase.rpc("own_contact_messages", { p_limit: limit });
    return error ? fail("backend", error.message) : ok(data ?? []);
  } catch (error) {
    return fail(
      "unavailable",
      error instanceof Error ? error.message : "Could not load your messages.",
    );
  }
}
