/**
 * The site's administrator on the embedded backend, from ADMIN_EMAIL and ADMIN_PASSWORD:
 * - both given → that user is created or updated at every start (password, confirmed,
 *   app_metadata.is_admin = true);
 * - otherwise, on the first start of a data directory only → ADMIN_EMAIL (default
 *   admin@localhost) with a generated password, printed once.
 * The backend (supabase/local/ensured-users.ts) only ensures the accounts it is handed; the admin
 * flag is the site's.
 */
import { randomBytes } from "node:crypto";
import type { EnsuredUser, EnsuredUserResult } from "@jenga/supabase-local";

export const GENERATED_ADMIN_EMAIL = "admin@localhost";

const ADMIN = { appMetadata: { is_admin: true }, userMetadata: { full_name: "Administrator" } };

export function adminAccount(env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }): EnsuredUser {
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    return { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, ...ADMIN };
  }
  return {
    email: env.ADMIN_EMAIL || GENERATED_ADMIN_EMAIL,
    password: randomBytes(12).toString("base64url"),
    firstStartOnly: true,
    ...ADMIN,
  };
}

/** The start-up line about the account, if this start ensured it. */
export function adminAccountLine(
  account: EnsuredUser,
  results: readonly EnsuredUserResult[],
): string | undefined {
  const [result] = results;
  if (!result) return undefined;
  return account.firstStartOnly && result.created
    ? `Admin account created: ${result.email} / ${account.password} (shown once)`
    : `Admin account: ${result.email}`;
}
