/** E-mail links and codes: unguessable links, 1 h lifetime, single use, revocation, wrong-code cap. */
import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, confirmationFromMail, signedInClient, uniqueEmail } from "./helpers.ts";

let backend: TestBackend;

beforeAll(async () => {
  // No send interval, so one test can send several mails of a kind at once; no per-client
  // limit, which verify-rate-limit.test.ts covers (these tests verify more than 30 times).
  backend = await startTestBackend({
    rateLimits: false,
    mailCodes: true,
    security: { emailSendIntervalSeconds: 0 },
  });
});
afterAll(() => backend?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Signs up `email` and returns the link's token_hash and the 6-digit code of the mail. */
async function signUp(email: string) {
  await anonClient(backend).auth.signUp({ email, password: "token-pass-1" });
  return latestMail(email);
}

async function latestMail(email: string) {
  const { mail, tokenHash } = await confirmationFromMail(backend, email);
  const otp = /enter this code: (\d{6})/.exec(mail.text)?.[1] ?? "";
  return { tokenHash, otp };
}

const byLink = (tokenHash: string, type: "signup" | "recovery" | "email" = "signup") =>
  anonClient(backend).auth.verifyOtp({ token_hash: tokenHash, type });
const byCode = (email: string, token: string) =>
  anonClient(backend).auth.verifyOtp({ email, token, type: "email" });

describe("link format", () => {
  it("carries 256 random bits instead of a hash of the address and the code", async () => {
    const email = uniqueEmail("format");
    const { tokenHash, otp } = await signUp(email);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).not.toBe(createHash("sha224").update(`${email}${otp}`).digest("hex"));
    const verified = await byCode(email, otp);
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe("lifetime", () => {
  it("accepts a link for one hour and refuses it after", async () => {
    const early = uniqueEmail("early");
    const late = uniqueEmail("late");
    const earlyLink = await signUp(early);
    const lateLink = await signUp(late);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await byLink(earlyLink.tokenHash)).error).toBeNull();
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await byLink(lateLink.tokenHash);
    expect(expired.error?.code).toBe("otp_expired");
    expect(expired.error?.message).toBe("Email link is invalid or has expired");
    const code = await byCode(late, lateLink.otp);
    expect(code.error?.code).toBe("otp_expired");
  });
});

describe("revocation", () => {
  it("revokes the earlier link of a kind when a new one is sent", async () => {
    const { email } = await signedInClient(backend);
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const first = await latestMail(email);
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const second = await latestMail(email);
    expect((await byLink(first.tokenHash, "recovery")).error?.code).toBe("otp_expired");
    expect((await byLink(second.tokenHash, "recovery")).error).toBeNull();
  });

  it("revokes every outstanding link and code of the user when one is used", async () => {
    const email = uniqueEmail("pending");
    const signupMail = await signUp(email);
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const recovery = await latestMail(email);
    expect((await byLink(recovery.tokenHash, "recovery")).error).toBeNull();
    expect((await byLink(signupMail.tokenHash)).error?.code).toBe("otp_expired");
    expect((await byCode(email, signupMail.otp)).error?.code).toBe("otp_expired");
    expect((await byLink(recovery.tokenHash, "recovery")).error?.code).toBe("otp_expired");
  });

  it("revokes outstanding links when the password changes", async () => {
    const { client, email } = await signedInClient(backend);
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const recovery = await latestMail(email);
    expect((await client.auth.updateUser({ password: "changed-pass-2" })).error).toBeNull();
    expect((await byLink(recovery.tokenHash, "recovery")).error?.code).toBe("otp_expired");
  });
});

describe("wrong codes", () => {
  const wrongCodes = (otp: string, count: number) =>
    Array.from({ length: count + 1 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000))
      .map((code) => code.padStart(6, "0"))
      .filter((code) => code !== otp)
      .slice(0, count);

  it("still accepts the right code after 9 wrong ones", async () => {
    const email = uniqueEmail("nine");
    const { otp } = await signUp(email);
    for (const code of wrongCodes(otp, 9)) {
      const wrong = await byCode(email, code);
      expect(wrong.error?.code).toBe("otp_expired");
      expect(wrong.error?.message).toBe("Token has expired or is invalid");
    }
    expect((await byCode(email, otp)).error).toBeNull();
  });

  it("revokes the address's link and code after 10 wrong codes", async () => {
    const email = uniqueEmail("ten");
    const { tokenHash, otp } = await signUp(email);
    for (const code of wrongCodes(otp, 10)) await byCode(email, code);
    expect((await byCode(email, otp)).error?.code).toBe("otp_expired");
    expect((await byLink(tokenHash)).error?.code).toBe("otp_expired");
    // A new mail brings a working code again.
    expect((await anonClient(backend).auth.resend({ type: "signup", email })).error).toBeNull();
    const fresh = await latestMail(email);
    expect((await byCode(email, fresh.otp)).error).toBeNull();
  });
});
