import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
import { startLocalSupabase } from "@jenga/supabase-local";
import { createTestDataDir, TEST_ADMIN } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main, setAdminFlag } from "../../scripts/admin-flag.ts";
import { createUser, serviceClient, startAppBackend } from "../support/backend";

const run = promisify(execFile);
let backend: Awaited<ReturnType<typeof startAppBackend>>;

beforeAll(async () => {
  backend = await startAppBackend();
});
afterAll(() => backend.close());

async function isAdminFlag(email: string, client = serviceClient(backend)) {
  const { data } = await client.auth.admin.listUsers({ perPage: 1000 });
  return data.users.find((u) => u.email === email)?.app_metadata.is_admin;
}

/** Runs the npm script's command in a child process with only the given Supabase settings. */
async function cli(args: string[], env: Record<string, string>) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("SUPABASE_")),
  );
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/admin-flag.ts", ...args], {
      env: { ...clean, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("admin:grant / admin:revoke", () => {
  it("sets and clears app_metadata.is_admin through the admin API", async () => {
    const user = await createUser(backend);
    const target = { url: backend.url, serviceRoleKey: backend.serviceRoleKey };
    await setAdminFlag(target, user.email.toUpperCase(), true);
    expect(await isAdminFlag(user.email)).toBe(true);
    await setAdminFlag(target, user.email, false);
    expect(await isAdminFlag(user.email)).toBe(false);
    await expect(setAdminFlag(target, "nobody@example.com", true)).rejects.toThrow(
      "There is no user with the e-mail nobody@example.com.",
    );
  });

  it("refuses bad arguments with the usage text", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await main([], {})).toBe(2);
    expect(await main(["promote", "a@example.com"], {})).toBe(2);
    expect(await main(["grant", "not-an-email"], {})).toBe(2);
    expect(await main(["grant", "a@example.com"], { SUPABASE_URL: backend.url })).toBe(1);
    expect(errors.mock.calls.map((c) => c[0])).toEqual([
      "Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>",
      "Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>",
      "Usage: npm run admin:grant -- <email>   |   npm run admin:revoke -- <email>",
      "SUPABASE_URL is set: SUPABASE_SERVICE_ROLE_KEY must be set too.",
    ]);
    errors.mockRestore();
  });

  it("works on hosted Supabase (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY)", async () => {
    const user = await createUser(backend);
    const result = await cli(["grant", user.email], {
      SUPABASE_URL: backend.url,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    });
    expect(result.stdout).toContain(`Granted admin rights to ${user.email}`);
    expect(result.code).toBe(0);
    expect(await isAdminFlag(user.email)).toBe(true);
  });

  it("uses the running embedded backend of the data directory", async () => {
    const user = await createUser(backend);
    const port = new URL(backend.url).port;
    const env = { SUPABASE_LOCAL_DIR: backend.dir, SUPABASE_LOCAL_PORT: port };
    expect((await cli(["grant", user.email], env)).code).toBe(0);
    expect(await isAdminFlag(user.email)).toBe(true);
    const revoked = await cli(["revoke", user.email], env);
    expect(revoked.stdout).toContain(`Revoked admin rights from ${user.email}`);
    expect(await isAdminFlag(user.email)).toBe(false);
  });

  it("starts the embedded backend itself when nothing runs on the directory", async () => {
    const dir = await createTestDataDir();
    try {
      const result = await cli(["revoke", TEST_ADMIN.email], { SUPABASE_LOCAL_DIR: dir });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const local = await startLocalSupabase({
        dir,
        port: 0,
        siteUrl: "http://localhost:3000",
        quiet: true,
      });
      try {
        const client = serviceClient({
          url: local.url,
          serviceRoleKey: local.serviceRoleKey,
        } as never);
        expect(await isAdminFlag(TEST_ADMIN.email, client)).toBe(false);
      } finally {
        await local.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("explains what to do when there is no embedded data directory", async () => {
    const result = await cli(["grant", "a@example.com"], {
      SUPABASE_LOCAL_DIR: "/tmp/no-such-supabase-dir",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No embedded backend data in /tmp/no-such-supabase-dir");
  });
});
