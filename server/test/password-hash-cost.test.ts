import { afterEach, describe, expect, it } from "vitest";
import { EnvError, env } from "~/infra/env.server";
import { startTestSite, type TestSite } from "../../test/support/site";

/** SUPABASE_LOCAL_PASSWORD_HASH_COST: the test suites' cheaper bcrypt, never a silent default. */
const saved = { ...process.env };
let site: TestSite | undefined;
afterEach(async () => {
  process.env = { ...saved };
  await site?.stop();
  site = undefined;
});

describe("the embedded backend's bcrypt cost", () => {
  it("is GoTrue's 10 unless set, and only 4 to 31", () => {
    delete process.env.SUPABASE_LOCAL_PASSWORD_HASH_COST;
    expect(env().SUPABASE_LOCAL_PASSWORD_HASH_COST).toBeUndefined();
    process.env.SUPABASE_LOCAL_PASSWORD_HASH_COST = "";
    expect(env().SUPABASE_LOCAL_PASSWORD_HASH_COST).toBeUndefined();
    process.env.SUPABASE_LOCAL_PASSWORD_HASH_COST = "12";
    expect(env().SUPABASE_LOCAL_PASSWORD_HASH_COST).toBe(12);
    for (const bad of ["3", "32", "ten", "4.5"]) {
      process.env.SUPABASE_LOCAL_PASSWORD_HASH_COST = bad;
      expect(() => env(), bad).toThrow(EnvError);
    }
  });

  it("reaches the backend a site starts, which says it is for tests only", async () => {
    site = await startTestSite({ env: { SUPABASE_LOCAL_PASSWORD_HASH_COST: "4" } });
    await site.waitForLog(/Passwords are hashed at bcrypt cost 4 .*for tests only/, 10_000);
    // Hashing still works end to end at that cost: a new account signs in.
    const email = `cost-${Date.now()}@example.com`;
    const created = await site.service.auth.admin.createUser({
      email,
      password: "cost-password-1",
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const signIn = await site.service.auth.signInWithPassword({
      email,
      password: "cost-password-1",
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email).toBe(email);
  });
});
