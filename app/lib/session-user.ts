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

/** "Amina Wanjiru" → "AW", "Amina W. Otieno" → "AO"; falls back to the e-mail's first letter. */
export function initialsOf(user: Pick<SessionUser, "fullName" | "email">): string {
  const parts = user.fullName.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0];
  if (!first) return (user.email[0] ?? "?").toUpperCase();
  const last = parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "";
  return `${first}${last}`.toUpperCase();
}
