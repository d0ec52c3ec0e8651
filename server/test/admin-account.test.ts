import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startLocalSupabase } from "@jenga/supabase-local";
import { createClient } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import { adminAccount, adminAccountLine } from "../admin-account.ts";

/** The administrator account the server hands the embedded backend (server/admin-account.ts). */
const dir = mkdtempSync(join(tmpdir(), "admin-account-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startWith(env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }) {
  const account = adminAccount(env);
  const backend = await startLocalSupabase({
    dir,
    port: 0,
    siteUrl: "http://localhost:3000",
    quiet: true,
    users: [account],
  });
  return { backend, line: adminAccountLine(account, backend.users) };
}

async function signIn(backend: { url: string; anonKey: string }, email: string, password: string) {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  return error ? undefined : data.user;
}

describe("the site's administrator on the embedded backend", () => {
  it("is generated once on a new data directory, then follows ADMIN_EMAIL and ADMIN_PASSWORD", {
    timeout: 120_000,
  }, async () => {
    const first = await startWith({});
    const generated = /^Admin account created: admin@localhost \/ (\S+) \(shown once\)$/.exec(
      first.line ?? "",
    )?.[1];
    try {
      expect(generated).toBeDefined();
      const admin = await signIn(first.backend, "admin@localhost", generated!);
      expect(admin?.app_metadata.is_admin).toBe(true);
      expect(admin?.user_metadata.full_name).toBe("Administrator");
    } finally {
      await first.backend.close();
    }

    const restart = await startWith({});
    try {
      expect(restart.line).toBeUndefined();
      expect(await signIn(restart.backend, "admin@localhost", generated!)).toBeDefined();
    } finally {
      await restart.backend.close();
    }

    const configured = await startWith({
      ADMIN_EMAIL: "admin@localhost",
      ADMIN_PASSWORD: "a-new-admin-password",
    });
    try {
      expect(configured.line).toBe("Admin account: admin@localhost");
      expect(await signIn(configured.backend, "admin@localhost", generated!)).toBeUndefined();
      const admin = await signIn(configured.backend, "admin@localhost", "a-new-admin-password");
      expect(admin?.app_metadata.is_admin).toBe(true);
    } finally {
      await configured.backend.close();
    }
  });
});
