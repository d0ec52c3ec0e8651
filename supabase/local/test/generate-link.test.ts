/** admin.generateLink as GoTrue's adminGenerateLink (mail.go): link types, users, errors. */
import type { GenerateLinkParams } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import {
  anonClient,
  bounded,
  confirmationFromMail,
  serviceClient,
  signedInClient,
  uniqueEmail,
} from "./helpers.ts";

const SITE = "http://localhost:3000";
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ rateLimits: false });
});
afterAll(() => backend?.close());

const generate = (params: GenerateLinkParams) =>
  serviceClient(backend).auth.admin.generateLink(params);

async function linkFor(params: GenerateLinkParams) {
  const { data, error } = await generate(params);
  if (error || !data.properties || !data.user) throw error ?? new Error("no link");
  return { properties: data.properties, user: data.user };
}

/** Opens an action link as a browser would; the 303 Location. */
async function follow(actionLink: string): Promise<URL> {
  const response = await fetch(actionLink, { redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location") ?? "");
}

const otherCode = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, "0");

describe("signup links", () => {
  it("creates the user and answers GoTrue's properties with a /verify link; no mail", async () => {
    const email = uniqueEmail("gen-signup");
    const { properties, user } = await linkFor({
      type: "signup",
      email,
      password: "signup-pass-1",
      options: { data: { full_name: "Link" }, redirectTo: `${SITE}/welcome` },
    });
    expect(properties).toEqual({
      action_link: `${backend.url}/auth/v1/verify?token=${properties.hashed_token}&type=signup&redirect_to=${SITE}/welcome`,
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      redirect_to: `${SITE}/welcome`,
      verification_type: "signup",
    });
    expect(user).toMatchObject({ email, user_metadata: { full_name: "Link" } });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.identities).toHaveLength(1);
    expect(await backend.mailbox.latestTo(email)).toBeUndefined();

    const early = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "signup-pass-1",
    });
    expect(early.error?.code).toBe("email_not_confirmed");
    const landing = await follow(properties.action_link);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${SITE}/welcome`);
    expect(new URLSearchParams(landing.hash.slice(1)).get("type")).toBe("signup");
    const signedIn = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "signup-pass-1",
    });
    expect(signedIn.error).toBeNull();
  });

  it("merges data into an unconfirmed user, keeps its password, refuses a confirmed one", async () => {
    const email = uniqueEmail("gen-pending");
    await anonClient(backend).auth.signUp({
      email,
      password: "first-pass-1",
      options: { data: { plan: "free", city: "Nairobi" } },
    });
    const { properties, user } = await linkFor({
      type: "signup",
      email,
      password: "other-pass-2",
      options: { data: { plan: "pro" } },
    });
    expect(user.user_metadata).toMatchObject({ plan: "pro", city: "Nairobi" });
    const verified = await anonClient(backend).auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "signup",
    });
    expect(verified.error).toBeNull();
    const signIn = (password: string) =>
      anonClient(backend).auth.signInWithPassword({ email, password });
    expect((await signIn("other-pass-2")).error?.code).toBe("invalid_credentials");
    expect((await signIn("first-pass-1")).error).toBeNull();

    const again = await generate({ type: "signup", email, password: "first-pass-1" });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe("email_exists");
    expect(again.data.properties).toBeNull();
  });
});

describe("magic links", () => {
  it("become a signup link, creating the user, for an unknown address", async () => {
    const email = uniqueEmail("gen-magic-new");
    const { properties, user } = await linkFor({ type: "magiclink", email });
    expect(properties.verification_type).toBe("signup");
    expect(new URL(properties.action_link).searchParams.get("type")).toBe("signup");
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeUndefined();
  });

  it("sign a known user in once, by code or by hash; wrong ones answer as verify.go", async () => {
    const { email } = await signedInClient(backend);
    const { properties } = await linkFor({
      type: "magiclink",
      email,
      options: { redirectTo: "https://evil.example/steal" },
    });
    expect(properties.verification_type).toBe("magiclink");
    expect(properties.redirect_to).toBe(SITE);
    expect(properties.action_link).toContain(`&type=magiclink&redirect_to=${SITE}`);

    const client = anonClient(backend).auth;
    const wrongCode = await client.verifyOtp({
      email,
      token: otherCode(properties.email_otp),
      type: "magiclink",
    });
    expect(wrongCode.error?.status).toBe(403);
    expect(wrongCode.error?.code).toBe("otp_expired");
    expect(wrongCode.error?.message).toBe("Token has expired or is invalid");
    const wrongHash = await client.verifyOtp({ token_hash: "f".repeat(64), type: "magiclink" });
    expect(wrongHash.error?.code).toBe("otp_expired");
    expect(wrongHash.error?.message).toBe("Email link is invalid or has expired");

    const byCode = await client.verifyOtp({
      email,
      token: properties.email_otp,
      type: "magiclink",
    });
    expect(byCode.error).toBeNull();
    expect(byCode.data.session?.user.email).toBe(email);
    const reused = await client.verifyOtp({
      token_hash: properties.hashed_token,
      type: "magiclink",
    });
    expect(reused.error?.message).toBe("Email link is invalid or has expired");
  });
});

describe("recovery and invite links", () => {
  it("recover a known user; the mailbox's own links keep the /auth/confirm format", async () => {
    const { email } = await signedInClient(backend);
    const { properties } = await linkFor({ type: "recovery", email });
    const landing = await follow(properties.action_link);
    expect(new URLSearchParams(landing.hash.slice(1)).get("type")).toBe("recovery");
    expect(await backend.mailbox.latestTo(email)).toBeUndefined();

    // (generateLink stamped recovery_sent_at: a mail to `email` would wait for the interval.)
    const mailed = (await signedInClient(backend)).email;
    await anonClient(backend).auth.resetPasswordForEmail(mailed, {
      redirectTo: `${SITE}/reset-password`,
    });
    const { link } = await confirmationFromMail(backend, mailed);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/auth/confirm`);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      token_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      type: "recovery",
      email: mailed,
      next: "/reset-password",
    });
  });

  it("invite creates an invited user and refuses a confirmed address", async () => {
    const email = uniqueEmail("gen-invite");
    const { properties, user } = await linkFor({
      type: "invite",
      email,
      options: { data: { team: "design" } },
    });
    expect(properties.verification_type).toBe("invite");
    expect(user.invited_at).toBeTruthy();
    expect(user.user_metadata).toEqual({ team: "design" });
    const verified = await anonClient(backend).auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "invite",
    });
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    const again = await generate({ type: "invite", email });
    expect(again.error?.code).toBe("email_exists");
  });
});

describe("e-mail change links", () => {
  it("email_change_new moves the user to new_email through its link", async () => {
    const { email, password } = await signedInClient(backend);
    const newEmail = uniqueEmail("gen-moved");
    const { properties, user } = await linkFor({ type: "email_change_new", email, newEmail });
    expect(properties.verification_type).toBe("email_change_new");
    expect(new URL(properties.action_link).searchParams.get("type")).toBe("email_change");
    expect(user.new_email).toBe(newEmail);
    const verified = await anonClient(backend).auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "email_change",
    });
    expect(verified.data.user?.email).toBe(newEmail);
    const signIn = await anonClient(backend).auth.signInWithPassword({ email: newEmail, password });
    expect(signIn.error).toBeNull();
  });

  it("email_change_current's code goes with the current address", async () => {
    const { email } = await signedInClient(backend);
    const newEmail = uniqueEmail("gen-current");
    const current = await linkFor({ type: "email_change_current", email, newEmail });
    const fresh = await linkFor({ type: "email_change_new", email, newEmail });
    const verified = await anonClient(backend).auth.verifyOtp({
      email,
      token: current.properties.email_otp,
      type: "email_change",
    });
    expect(verified.data.user?.email).toBe(newEmail);
    // Using one link voids the other half.
    const other = await anonClient(backend).auth.verifyOtp({
      token_hash: fresh.properties.hashed_token,
      type: "email_change",
    });
    expect(other.error?.code).toBe("otp_expired");
  });
});

describe("bad requests", () => {
  it("answers GoTrue's errors, quickly, and creates nobody", async () => {
    const taken = (await signedInClient(backend)).email;
    const email = uniqueEmail("gen-bad");
    const cases: [GenerateLinkParams, number, string, string][] = [
      [
        { type: "signup", email, password: "" },
        400,
        "validation_failed",
        "Signup requires a valid password",
      ],
      [
        { type: "signup", email, password: "€".repeat(30) },
        400,
        "validation_failed",
        "Password cannot be longer than 72 characters",
      ],
      [
        { type: "signup", email, password: "12345" },
        422,
        "weak_password",
        "Password should be at least 6 characters.",
      ],
      [
        { type: "signup", email: "", password: "secret-123" },
        400,
        "validation_failed",
        "An email address is required",
      ],
      [
        { type: "signup", email: `${"a".repeat(250)}@example.com`, password: "secret-123" },
        400,
        "validation_failed",
        "An email address is too long",
      ],
      [
        { type: "phone_change", email } as unknown as GenerateLinkParams,
        400,
        "validation_failed",
        "Invalid email action link type requested: phone_change",
      ],
      [{ type: "recovery", email }, 404, "user_not_found", "User with this email not found"],
      [
        { type: "email_change_new", email, newEmail: taken },
        404,
        "user_not_found",
        "User with this email not found",
      ],
      [
        { type: "email_change_new", email: taken, newEmail: "" },
        400,
        "validation_failed",
        "An email address is required",
      ],
      [
        { type: "email_change_current", email: taken, newEmail: taken },
        422,
        "email_exists",
        "A user with this email address has already been registered",
      ],
      [
        { type: "email_change_new", email: taken, newEmail: backend.admin.email },
        422,
        "email_exists",
        "A user with this email address has already been registered",
      ],
    ];
    await bounded(async () => {
      for (const [params, status, code, message] of cases) {
        const { data, error } = await generate(params);
        expect({ status: error?.status, code: error?.code, message: error?.message }).toEqual({
          status,
          code,
          message,
        });
        expect(data.properties).toBeNull();
      }
      const asVisitor = await anonClient(backend).auth.admin.generateLink({
        type: "invite",
        email,
      });
      expect(asVisitor.error?.code).toBe("not_admin");
    }, 10_000);
    const stillUnknown = await generate({ type: "recovery", email });
    expect(stillUnknown.error?.code).toBe("user_not_found");
  });
});
