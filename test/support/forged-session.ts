import { SignJWT } from "jose";

/**
 * A Supabase session cookie forged with the backend's JWT secret (getUser() verifies its
 * signature and reports the user) — for users a password sign-in refuses, such as those whose
 * e-mail is not confirmed. Shared by the Vitest fixtures and the Playwright helpers.
 */
export async function forgedSessionCookie(
  jwtSecret: string,
  backendUrl: string,
  user: { id: string; email: string },
): Promise<{ name: string; value: string }> {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({
    sub: user.id,
    role: "authenticated",
    aud: "authenticated",
    email: user.email,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(jwtSecret));
  const session = {
    access_token: accessToken,
    refresh_token: "unused",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: now + 3600,
    user: { id: user.id, email: user.email },
  };
  return {
    name: `sb-${new URL(backendUrl).hostname.split(".")[0]}-auth-token`,
    value: `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}`,
  };
}
