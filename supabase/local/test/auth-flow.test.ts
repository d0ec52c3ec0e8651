/** Happy paths of the GoTrue subset, through supabase-js and @supabase/ssr. */
import { createServerClient } from "@supabase/ssr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, confirmationFromMail, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ siteUrl: "http://localhost:3000", mailCodes: true });
});
afterAll(() => backend?.close());

describe("e-mail/password life cycle", () => {
  it("signs up, confirms by mail, signs in, updates, refreshes and signs out", async () => {
    const supabase = anonClient(backend);
    const email = uniqueEmail("cycle");
    const signUp = await supabase.auth.signUp({
      email,
      password: "first-pass-1",
      options: {
        emailRedirectTo: "http://localhost:3000/dashboard?tab=posts",
        data: { full_name: "Wanjiru", email: "ignored@example.com" },
      },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const user = signUp.data.user;
    expect(user?.email).toBe(email);
    expect(user?.identities).toHaveLength(1);
    expect(user?.confirmation_sent_at).toBeTruthy();
    expect(user?.email_confirmed_at).toBeUndefined();
    expect(user?.user_metadata).toMatchObject({
      full_name: "Wanjiru",
      email,
      email_verified: false,
    });
    expect(user?.app_metadata).toEqual({ provider: "email", providers: ["email"] });

    const { mail, link, tokenHash, type, next } = await confirmationFromMail(backend, email);
    expect(mail.subject).toBe("Confirm your signup");
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/auth/confirm");
    expect(type).toBe("signup");
    expect(next).toBe("/dashboard?tab=posts");
    expect(mail.html).toContain("/auth/confirm?token_hash=");

    const verified = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(verified.data.user?.user_metadata.email_verified).toBe(true);

    const signIn = await supabase.auth.signInWithPassword({ email, password: "first-pass-1" });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session;
    expect(session?.token_type).toBe("bearer");
    expect(session?.expires_in).toBe(3600);
    const claims = JSON.parse(
      Buffer.from(session?.access_token.split(".")[1] ?? "", "base64url").toString(),
    );
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: user?.id,
      aud: "authenticated",
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
    });
    expect(claims.amr[0].method).toBe("password");
    expect(typeof claims.session_id).toBe("string");
    expect(claims.exp - claims.iat).toBe(3600);

    const got = await supabase.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.id).toBe(user?.id);
    expect(got.data.user?.last_sign_in_at).toBeTruthy();

    const updated = await supabase.auth.updateUser({ data: { full_name: null, city: "Nairobi" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.city).toBe("Nairobi");
    expect(updated.data.user?.user_metadata).not.toHaveProperty("full_name");

    const oldRefresh = session?.refresh_token ?? "";
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(oldRefresh);
    expect(refreshed.data.user?.user_metadata.city).toBe("Nairobi");
    const latestRefresh = refreshed.data.session?.refresh_token ?? "";

    // The just-rotated token is tolerated for a few seconds (parallel SSR requests).
    const reuse = await anonClient(backend).auth.refreshSession({ refresh_token: oldRefresh });
    expect(reuse.error).toBeNull();
    expect(reuse.data.session?.refresh_token).toBe(latestRefresh);

    const signOut = await supabase.auth.signOut();
    expect(signOut.error).toBeNull();
    const after = await anonClient(backend).auth.refreshSession({ refresh_token: latestRefresh });
    expect(after.error?.code).toBe("refresh_token_not_found");
    expect(after.error?.status).toBe(400);
    expect(after.error?.message).toBe("Invalid Refresh Token: Refresh Token Not Found");
  });

  it("changes the password and recovers it through the mailed link", async () => {
    const supabase = anonClient(backend);
    const email = uniqueEmail("recover");
    await supabase.auth.signUp({ email, password: "old-pass-1" });
    const confirm = await confirmationFromMail(backend, email);
    await supabase.auth.verifyOtp({ token_hash: confirm.tokenHash, type: "signup" });

    const reset = await supabase.auth.resetPasswordForEmail(email, {
      redirectTo: "http://localhost:3000/reset-password",
    });
    expect(reset).toEqual({ data: {}, error: null });
    const recovery = await confirmationFromMail(backend, email);
    expect(recovery.mail.subject).toBe("Reset your password");
    expect(recovery.type).toBe("recovery");
    expect(recovery.next).toBe("/reset-password");

    const verified = await supabase.auth.verifyOtp({
      token_hash: recovery.tokenHash,
      type: "recovery",
    });
    expect(verified.error).toBeNull();
    const changed = await supabase.auth.updateUser({ password: "new-pass-2" });
    expect(changed.error).toBeNull();
    const oldLogin = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "old-pass-1",
    });
    expect(oldLogin.error?.code).toBe("invalid_credentials");
    const newLogin = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "new-pass-2",
    });
    expect(newLogin.error).toBeNull();
  });

  it("changes the e-mail address after confirmation from the new address", async () => {
    const supabase = anonClient(backend);
    const email = uniqueEmail("before");
    await supabase.auth.signUp({ email, password: "change-pass-1" });
    const mail = await backend.mailbox.latestTo(email);
    const otp = /enter this code: (\d{6})/.exec(mail?.text ?? "")?.[1] ?? "";
    const byCode = await supabase.auth.verifyOtp({ email, token: otp, type: "email" });
    expect(byCode.error).toBeNull();

    const newEmail = uniqueEmail("after");
    const requested = await supabase.auth.updateUser({ email: newEmail });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.new_email).toBe(newEmail);
    const change = await confirmationFromMail(backend, newEmail);
    expect(change.type).toBe("email_change");
    const confirmed = await supabase.auth.verifyOtp({
      token_hash: change.tokenHash,
      type: "email_change",
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email).toBe(newEmail);
    expect(confirmed.data.user?.new_email).toBeUndefined();

    await backend.mailbox.clear();
    expect(await backend.mailbox.list()).toEqual([]);
  });

  it("serves settings, health and an empty JWKS", async () => {
    const headers = { apikey: backend.anonKey };
    const settings = await (await fetch(`${backend.url}/auth/v1/settings`, { headers })).json();
    expect(settings).toMatchObject({ mailer_autoconfirm: false, disable_signup: false });
    const jwks = await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`);
    expect(await jwks.json()).toEqual({ keys: [] });
    const mailbox = await fetch(backend.mailboxUrl);
    expect(mailbox.headers.get("content-type")).toContain("text/html");
  });
});

describe("@supabase/ssr server client (PKCE, cookies)", () => {
  function ssrClient() {
    const jar = new Map<string, string>();
    const client = createServerClient(backend.url, backend.anonKey, {
      cookies: {
        getAll: () => [...jar].map(([name, value]) => ({ name, value })),
        setAll: (cookies) => {
          for (const { name, value, options } of cookies) {
            if (value && options?.maxAge !== 0) jar.set(name, value);
            else jar.delete(name);
          }
        },
      },
    });
    return { client, jar };
  }

  it("confirms a PKCE sign-up with verifyOtp and keeps the session in cookies", async () => {
    const { client, jar } = ssrClient();
    const email = uniqueEmail("ssr");
    const signUp = await client.auth.signUp({
      email,
      password: "ssr-pass-1",
      options: { emailRedirectTo: "http://localhost:3000/welcome" },
    });
    expect(signUp.error).toBeNull();
    expect([...jar.keys()].some((name) => name.endsWith("-code-verifier"))).toBe(true);

    const { tokenHash, next } = await confirmationFromMail(backend, email);
    expect(tokenHash.startsWith("pkce_")).toBe(true);
    expect(next).toBe("/welcome");
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    expect(verified.error).toBeNull();
    expect(jar.has("sb-127-auth-token")).toBe(true);

    const got = await client.auth.getUser();
    expect(got.data.user?.email).toBe(email);
    const claims = await client.auth.getClaims();
    expect(claims.data?.claims.email).toBe(email);
    const posts = await client.from("posts").select("id").limit(2);
    expect(posts.data).toHaveLength(2);

    await client.auth.signOut();
    expect(jar.has("sb-127-auth-token")).toBe(false);
  });

  it("exchanges the code from the GET /verify redirect for a session", async () => {
    const { client } = ssrClient();
    const email = uniqueEmail("pkce");
    await client.auth.signUp({ email, password: "pkce-pass-1" });
    const { tokenHash } = await confirmationFromMail(backend, email);
    const verifyUrl = new URL(`${backend.url}/auth/v1/verify`);
    verifyUrl.search = new URLSearchParams({
      token: tokenHash,
      type: "signup",
      redirect_to: "http://localhost:3000/auth/callback",
    }).toString();
    const redirect = await fetch(verifyUrl, { redirect: "manual" });
    expect(redirect.status).toBe(303);
    const location = new URL(redirect.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:3000/auth/callback");
    const code = location.searchParams.get("code") ?? "";
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();

    const again = await fetch(verifyUrl, { redirect: "manual" });
    const failed = new URL(again.headers.get("location") ?? "");
    expect(failed.searchParams.get("error_code")).toBe("otp_expired");
  });
});
