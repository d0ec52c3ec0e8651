/** Auth error cases, asserted the way supabase-js surfaces them (message, code, status). */
import { isAuthSessionMissingError, isAuthWeakPasswordError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, confirmationFromMail, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

describe("sign-in errors", () => {
  it("rejects unknown users and wrong passwords alike", async () => {
    const supabase = anonClient(backend);
    const unknown = await supabase.auth.signInWithPassword({
      email: uniqueEmail("nobody"),
      password: "whatever-1",
    });
    expect(unknown.error?.message).toBe("Invalid login credentials");
    expect(unknown.error?.code).toBe("invalid_credentials");
    expect(unknown.error?.status).toBe(400);
    const wrong = await supabase.auth.signInWithPassword({
      email: backend.admin.email,
      password: "not-the-password",
    });
    expect(wrong.error?.code).toBe("invalid_credentials");
  });

  it("refuses unconfirmed e-mail addresses after checking the password", async () => {
    const supabase = anonClient(backend);
    const email = uniqueEmail("unconfirmed");
    await supabase.auth.signUp({ email, password: "pending-pass-1" });
    const result = await supabase.auth.signInWithPassword({ email, password: "pending-pass-1" });
    expect(result.error?.message).toBe("Email not confirmed");
    expect(result.error?.code).toBe("email_not_confirmed");
    expect(result.error?.status).toBe(400);
  });
});

describe("sign-up validation", () => {
  it("reports weak passwords as AuthWeakPasswordError", async () => {
    const result = await anonClient(backend).auth.signUp({
      email: uniqueEmail(),
      password: "12345",
    });
    expect(isAuthWeakPasswordError(result.error)).toBe(true);
    expect(result.error?.code).toBe("weak_password");
    expect(result.error?.status).toBe(422);
    expect(result.error?.message).toBe("Password should be at least 6 characters.");
    if (isAuthWeakPasswordError(result.error)) expect(result.error.reasons).toEqual(["length"]);
  });

  it("rejects passwords over 72 characters and malformed addresses", async () => {
    const long = await anonClient(backend).auth.signUp({
      email: uniqueEmail(),
      password: "x".repeat(73),
    });
    expect(long.error?.status).toBe(400);
    expect(long.error?.code).toBe("validation_failed");
    const invalid = await anonClient(backend).auth.signUp({
      email: "not-an-email",
      password: "secret-1",
    });
    expect(invalid.error?.message).toBe("Unable to validate email address: invalid format");
    expect(invalid.error?.code).toBe("validation_failed");
    expect(invalid.error?.status).toBe(400);
  });

  it("answers a confirmed duplicate with an obfuscated user without identities", async () => {
    const result = await anonClient(backend).auth.signUp({
      email: backend.admin.email,
      password: "another-pass-1",
    });
    expect(result.error).toBeNull();
    expect(result.data.session).toBeNull();
    expect(result.data.user?.identities).toEqual([]);
    const mail = await backend.mailbox.latestTo(backend.admin.email);
    expect(mail).toBeUndefined();
  });
});

describe("e-mail rate limit and one-time tokens", () => {
  it("limits resends to one per 60 seconds", async () => {
    const supabase = anonClient(backend);
    const email = uniqueEmail("resend");
    await supabase.auth.signUp({ email, password: "resend-pass-1" });
    const resent = await supabase.auth.resend({ type: "signup", email });
    expect(resent.error?.status).toBe(429);
    expect(resent.error?.code).toBe("over_email_send_rate_limit");
    expect(resent.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
    const again = await supabase.auth.signUp({ email, password: "resend-pass-1" });
    expect(again.error?.status).toBe(429);
    const unknown = await supabase.auth.resend({ type: "signup", email: uniqueEmail() });
    expect(unknown.error).toBeNull();
  });

  it("answers recover with {} for unknown addresses and rate-limits known ones", async () => {
    const supabase = anonClient(backend);
    expect((await supabase.auth.resetPasswordForEmail(uniqueEmail())).error).toBeNull();
    const { email } = await signedInClient(backend);
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await supabase.auth.resetPasswordForEmail(email);
    expect(second.error?.status).toBe(429);
    expect(second.error?.code).toBe("over_email_send_rate_limit");
  });

  it("rejects unknown and already used token hashes with otp_expired", async () => {
    const supabase = anonClient(backend);
    const unknown = await supabase.auth.verifyOtp({ token_hash: "0".repeat(56), type: "email" });
    expect(unknown.error?.code).toBe("otp_expired");
    expect(unknown.error?.status).toBe(403);
    expect(unknown.error?.message).toBe("Email link is invalid or has expired");

    const email = uniqueEmail("once");
    await supabase.auth.signUp({ email, password: "once-pass-1" });
    const { tokenHash } = await confirmationFromMail(backend, email);
    expect(
      (await supabase.auth.verifyOtp({ token_hash: tokenHash, type: "signup" })).error,
    ).toBeNull();
    const reused = await anonClient(backend).auth.verifyOtp({
      token_hash: tokenHash,
      type: "signup",
    });
    expect(reused.error?.code).toBe("otp_expired");
  });
});

describe("user endpoint errors", () => {
  it("refuses app_metadata updates and same-password changes", async () => {
    const { client, password } = await signedInClient(backend);
    const escalate = await client.auth.updateUser({
      app_metadata: { is_admin: true },
    } as unknown as Parameters<typeof client.auth.updateUser>[0]);
    expect(escalate.error?.code).toBe("not_admin");
    expect(escalate.error?.status).toBe(403);
    expect(escalate.error?.message).toBe("Updating app_metadata requires admin privileges");
    const same = await client.auth.updateUser({ password });
    expect(same.error?.code).toBe("same_password");
    expect(same.error?.status).toBe(422);
    const weak = await client.auth.updateUser({ password: "abc" });
    expect(weak.error?.code).toBe("weak_password");
  });

  it("rejects bad JWTs and tokens of ended sessions", async () => {
    const bad = await anonClient(backend).auth.getUser("not.a.jwt");
    expect(bad.error?.code).toBe("bad_jwt");
    expect(bad.error?.status).toBe(403);
    const apiKeyAsUser = await anonClient(backend).auth.getUser(backend.anonKey);
    expect(apiKeyAsUser.error?.code).toBe("bad_jwt");

    const { client } = await signedInClient(backend);
    const token = (await client.auth.getSession()).data.session?.access_token ?? "";
    await client.auth.signOut();
    const ended = await anonClient(backend).auth.getUser(token);
    expect(isAuthSessionMissingError(ended.error)).toBe(true);
  });

  it("refuses the admin API to the anon key and to users", async () => {
    const list = await anonClient(backend).auth.admin.listUsers();
    expect(list.error?.code).toBe("not_admin");
    expect(list.error?.status).toBe(403);
    const create = await anonClient(backend).auth.admin.createUser({ email: uniqueEmail() });
    expect(create.error?.code).toBe("not_admin");
    const noBearer = await fetch(`${backend.url}/auth/v1/admin/users`, {
      headers: { apikey: backend.anonKey },
    });
    expect(noBearer.status).toBe(401);
    expect((await noBearer.json()).code).toBe("no_authorization");
    expect(noBearer.headers.get("x-supabase-api-version")).toBe("2024-01-01");
  });
});
