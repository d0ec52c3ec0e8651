import type { User } from "@supabase/supabase-js";
import { clipCodePoints } from "~/lib/text";

/** Admin rights come only from app_metadata, which users cannot change (docs/administration.md). */
export function isAdmin(user: Pick<User, "app_metadata">): boolean {
  return user.app_metadata?.is_admin === true;
}

/** The signed-in admin as a post's author: full_name (or 'Admin') and avatar_url (or null). */
export function authorFields(user: Pick<User, "user_metadata">): {
  author_name: string;
  author_avatar: string | null;
} {
  const meta = user.user_metadata ?? {};
  const name = typeof meta.full_name === "string" ? clipCodePoints(meta.full_name.trim(), 200) : "";
  const avatar = typeof meta.avatar_url === "string" ? meta.avatar_url.trim() : "";
  return { author_name: name || "Admin", author_avatar: avatar || null };
}
