/**
 * Grants or revokes admin rights (app_metadata.is_admin, settable only with the service role).
 *
 *   npm run admin:grant -- someone@example.com
 *   npm run admin:revoke -- someone@example.com
 *
 * Hosted Supabase: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.
 * Embedded backend (default): the data directory is ${SUPABASE_LOCAL_DIR:-.data/supabase}; the
 * service-role key is minted from its jwt-secret. If the app is running on that directory, the
 * change goes through the running backend's admin API (port SUPABASE_LOCAL_PORT, default 54321);
 * otherwise the backend is started in this process for the change and stopped again.
 *
 * The app's guard sees the change at once (it asks the auth server); database policies read the
 * user's access token, so there the change applies from the user's next token refresh (≤ 1 h).
 */
import { createClient } from "@supabase/supabase-js";
import { type AdminApiTarget, withServiceRole } from "./lib/service-role-target.ts";

export type { AdminApiTarget };

const PAGE_SIZE = 1000;

/** Sets app_metadata.is_admin on the user with this e-mail; returns the user's id. */
export async function setAdminFlag(
  target: AdminApiTarget,
  email: string,
  isAdmin: boolean,
): Promise<string> {
  const client = createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const wanted = email.trim().toLowerCase();
  for (let page = 1; ; page++) {
    const { data, error } = await client.auth.admin.listUsers({ page, perPage: PAGE_SIZE });
    if (error) throw new Error(`Could not list users: ${error.message}`);
    const user = data.users.find((u) => u.email?.toLowerCase() === wanted);
    if (user) {
      const { error: updateError } = await client.auth.admin.updateUserById(user.id, {
        app_metadata: { is_admin: isAdmin },
      });
      if (updateError) throw new Error(`Could not update ${email}: ${updateError.message}`);
      return user.id;
    }
    if (data.users.length < PAGE_SIZE) break;
  }
  throw new Error(`There is no user with the e-mail ${email}.`);
}

type Env = Record<string, string | undefined>;

const USAGE = "Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>";

export async function main(argv: string[], env: Env = process.env): Promise<number> {
  const [command, email, ...rest] = argv;
  if ((command !== "grant" && command !== "revoke") || !email?.includes("@") || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const isAdmin = command === "grant";
  const change = (target: AdminApiTarget) => setAdminFlag(target, email, isAdmin);
  try {
    const id = await withServiceRole(env, change);
    console.log(
      `${isAdmin ? "Granted admin rights to" : "Revoked admin rights from"} ${email} (user ${id}).`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
