import type { User } from "@supabase/supabase-js";
import { isAdmin } from "../admin/rights";

/** What the UI knows about the signed-in user (built on the server from a verified getUser()). */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  avatarUrl: string | null;
  emailConfirmed: boolean;
  isAdmin: boolean;
  onboarded: boolean;
}

export function toSessionUser(user: User): SessionUser {
  const meta = user.user_metadata ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  return {
    id: user.id,
    email: user.email ?? "",
    fullName: text(meta.full_name),
    avatarUrl: text(meta.avatar_url) || null,
    emailConfirmed: Boolean(user.email_confirmed_at),
    isAdmin: isAdmin(user),
    onboarded: meta.onboarded === true,
  };
}

/** "Amina Wanjiru" → "AW", "Amina W. Otieno" → "AO"; falls back to the e-mail's first letter. */
export function initialsOf(user: Pick<SessionUser, "fullName" | "email">): string {
  const parts = user.fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0];
  if (!first) return (user.email[0] ?? "?").toUpperCase();
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
