/** /verify answers as verify.go: which error goes with a link, a code, a bad parameter, a ban. */
import type { EmailOtpType } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, bounded, serviceClient, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ rateLimits: false });
});
afterAll(() => backend?.close());

const verify = (params: Parameters<ReturnType<typeof anonClient>["auth"]["verifyOtp"]>[0]) =>
  anonClient(backend).auth.verifyOtp(params);
const errorOf = (result: { error: { status?: number; code?: string; message: string } | null }) =>
  result.error && {
    status: result.error.status,
    code: result.error.code,
    message: result.error.message,
  };

/** A recovery link and code for a fresh confirmed user, from admin.generateLink. */
async function recoveryFor() {
  const { email, userId } = await signedInClient(backend);
  const { data } = await serviceClient(backend).auth.admin.generateLink({
    type: "recovery",
    email,
  });
  return {
    email,
    userId,
    otp: data.properties?.email_otp ?? "",
    hash: data.properties?.hashed_token ?? "",
  };
}

describe("codes and links", () => {
  it("answers a wrong 6-digit code with 403 otp_expired, a wrong link with the link message", async () => {
    const { email, otp, hash } = await recoveryFor();
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, "0");
    expect(errorOf(await verify({ email, token: wrong, type: "recovery" }))).toEqual({
      status: 403,
      code: "otp_expired",
      message: "Token has expired or is invalid",
    });
    const otherHash = `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`;
    expect(errorOf(await verify({ token_hash: otherHash, type: "recovery" }))).toEqual({
      status: 403,
      code: "otp_expired",
      message: "Email link is invalid or has expired",
    });
    expect((await verify({ token_hash: hash, type: "recovery" })).error).toBeNull();
  });

  it("answers a malformed address with 422 Invalid email format", async () => {
    await bounded(async () => {
      for (const email of ["not-an-address", `${"a".repeat(300)}@example.com`]) {
        expect(errorOf(await verify({ email, token: "123456", type: "email" }))).toEqual({
          status: 422,
          code: "validation_failed",
          message: "Invalid email format",
        });
      }
    }, 3_000);
  });

  it("tells an unknown type apart: 400 for a link, a wrong code for a code", async () => {
    const type = "sms_link" as EmailOtpType;
    expect(errorOf(await verify({ token_hash: "a".repeat(64), type }))).toEqual({
      status: 400,
      code: "validation_failed",
      message: "Invalid email verification type",
    });
    const byCode = await verify({ email: uniqueEmail("typeless"), token: "123456", type });
    expect(byCode.error?.message).toBe("Token has expired or is invalid");
  });
});

describe("banned users", () => {
  it("get 403 user_banned for a right code, which works again once the ban is lifted", async () => {
    const { email, userId, otp } = await recoveryFor();
    const admin = serviceClient(backend).auth.admin;
    await admin.updateUserById(userId, { ban_duration: "1h" });
    expect(errorOf(await verify({ email, token: otp, type: "recovery" }))).toEqual({
      status: 403,
      code: "user_banned",
      message: "User is banned",
    });
    await admin.updateUserById(userId, { ban_duration: "none" });
    expect((await verify({ email, token: otp, type: "recovery" })).error).toBeNull();
  });
});

describe("GET /verify parameters", () => {
  it("answers missing ones with a JSON 400, not a redirect", async () => {
    const get = async (query: string) => {
      const response = await fetch(`${backend.url}/auth/v1/verify?${query}`, {
        redirect: "manual",
      });
      return { status: response.status, body: await response.json() };
    };
    const noToken = await get("type=signup&redirect_to=http://localhost:3000/");
    expect(noToken).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "Verify requires a token or a token hash" },
    });
    const noType = await get("token=abc");
    expect(noType).toMatchObject({
      status: 400,
      body: { code: "validation_failed", message: "Verify requires a verification type" },
    });
  });
});
