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

/** "Amina Wanjiru" → "AW"; falls back to the e-mail's first letter. */
export function initialsOf(user: Pick<SessionUser, "fullName" | "email">): string {
  const parts = user.fullName.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 0 ? parts.slice(0, 2).map((p) => p[0]) : [user.email[0] ?? "?"];
  return letters.join("").toUpperCase();
}
