/**
 * The `amr` claim tells how a session started, as hosted GoTrue sets it: "password" for a
 * password sign-in, "otp" for any POST /verify (verifyOtp, recovery included: verify.go issues
 * models.OTP whatever the type), the flow method ("recovery", "email/signup") for a PKCE code
 * exchange. Refreshes keep it. The web app can require one of GoTrue's recovery methods
 * (otp, recovery, magiclink) with a recent timestamp before letting someone set a password.
 */
import { createServerClient } from "@supabase/ssr";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, confirmationFromMail, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

async function amrOf(client: SupabaseClient) {
  const { data, error } = await client.auth.getClaims();
  if (error || !data) throw error ?? new Error("no claims");
  return data.claims.amr as { method: string; timestamp: number }[];
}

const now = () => Math.floor(Date.now() / 1000);

describe("amr", () => {
  it("is password after a password sign-in, and stays so across a refresh", async () => {
    const { client } = await signedInClient(backend);
    expect((await amrOf(client)).map((entry) => entry.method)).toEqual(["password"]);
    const [before] = await amrOf(client);
    await client.auth.refreshSession();
    expect(await amrOf(client)).toEqual([before]);
  });

  it("is otp, freshly stamped, after verifyOtp of a recovery link or a sign-up link", async () => {
    const { email } = await signedInClient(backend);
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const recovery = await confirmationFromMail(backend, email);
    const recovering = anonClient(backend);
    await recovering.auth.verifyOtp({ token_hash: recovery.tokenHash, type: "recovery" });
    const [entry] = await amrOf(recovering);
    expect(entry?.method).toBe("otp");
    expect(Math.abs((entry?.timestamp ?? 0) - now())).toBeLessThanOrEqual(5);

    const newcomer = uniqueEmail("amr-signup");
    await anonClient(backend).auth.signUp({ email: newcomer, password: "amr-pass-1" });
    const confirm = await confirmationFromMail(backend, newcomer);
    const confirming = anonClient(backend);
    await confirming.auth.verifyOtp({ token_hash: confirm.tokenHash, type: "signup" });
    expect((await amrOf(confirming)).map((e) => e.method)).toEqual(["otp"]);
  });

  it("is recovery after a PKCE recovery link exchanged for a session", async () => {
    const jar = new Map<string, string>();
    const client = createServerClient(backend.url, backend.anonKey, {
      cookies: {
        getAll: () => [...jar].map(([name, value]) => ({ name, value })),
        setAll: (cookies) => {
          for (const { name, value } of cookies) jar.set(name, value);
        },
      },
    });
    const { email } = await signedInClient(backend);
    await client.auth.resetPasswordForEmail(email);
    const { tokenHash } = await confirmationFromMail(backend, email);
    expect(tokenHash.startsWith("pkce_")).toBe(true);
    const verify = new URL(`${backend.url}/auth/v1/verify`);
    verify.search = new URLSearchParams({ token: tokenHash, type: "recovery" }).toString();
    const redirect = await fetch(verify, { redirect: "manual" });
    const code = new URL(redirect.headers.get("location") ?? "").searchParams.get("code") ?? "";
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect((await amrOf(client)).map((entry) => entry.method)).toEqual(["recovery"]);
  });
});
