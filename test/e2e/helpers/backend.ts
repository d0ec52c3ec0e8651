import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { createKeys, loadOrCreateSecret } from "../../../supabase/local/jwt.ts";

/**
 * Direct access to the e2e server's embedded backend (same ports and data dir as
 * playwright.config.ts): a service-role client for arranging and checking data.
 */
export const E2E_PORT = Number(process.env.E2E_PORT || 4173);
export const BACKEND_URL = `http://127.0.0.1:${Number(process.env.E2E_BACKEND_PORT || 54329)}`;
export const DATA_DIR = process.env.E2E_DATA_DIR || `.data/e2e-${E2E_PORT}`;

let service: Promise<SupabaseClient> | undefined;

export function serviceClient(): Promise<SupabaseClient> {
  service ??= createKeys(loadOrCreateSecret(DATA_DIR)).then((keys) =>
    createClient(BACKEND_URL, keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }),
  );
  return service;
}

/** Number of rows in a table, read with the service role (bypasses RLS). */
export async function countRows(table: string): Promise<number> {
  const { count, error } = await (await serviceClient())
    .from(table)
    .select("*", { count: "exact", head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}
