import { createKeys, loadOrCreateSecret } from "@jenga/supabase-local/jwt";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * Direct access to the e2e server's embedded backend (same ports and data dir as
 * playwright.config.ts): a service-role client for arranging and checking data.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 4173);
// The default as playwright.config.ts sets it (below the ephemeral port range).
const BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT || 30329);
export const BACKEND_URL = `http://127.0.0.1:${BACKEND_PORT}`;
export const DATA_DIR = process.env.E2E_DATA_DIR || `.data/e2e-${E2E_PORT}`;

/** The main e2e server, or the second one with rate limits on (its own backend and data). */
export type E2eServer = "main" | "rate-limited";

const services = new Map<E2eServer, Promise<SupabaseClient>>();

export function serviceClient(server: E2eServer = "main"): Promise<SupabaseClient> {
  let client = services.get(server);
  if (!client) {
    const offset = server === "main" ? 0 : 1;
    const dir = offset === 0 ? DATA_DIR : `.data/e2e-${E2E_PORT + offset}`;
    client = createKeys(loadOrCreateSecret(dir)).then((keys) =>
      createClient(`http://127.0.0.1:${BACKEND_PORT + offset}`, keys.serviceRoleKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      }),
    );
    services.set(server, client);
  }
  return client;
}

/** Number of rows in a table, read with the service role (bypasses RLS). */
export async function countRows(
  table: string,
  match: Record<string, string> = {},
  server: E2eServer = "main",
): Promise<number> {
  const { count, error } = await (await serviceClient(server))
    .from(table)
    .select("*", { count: "exact", head: true })
    .match(match);
  if (error) throw new Error(error.message);
  return count ?? 0;
}
