/** A repeat sign-up of an unconfirmed address re-sends the mail and changes nothing else. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, confirmationFromMail, sleep, uniqueEmail } from "./helpers.ts";

const SEND_INTERVAL_SECONDS = 1;
let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({
    security: { emailSendIntervalSeconds: SEND_INTERVAL_SECONDS },
  });
});
afterAll(() => backend?.close());

describe("repeat sign-up of an unconfirmed address", () => {
  it("cannot take the account over: password and name stay the victim's", async () => {
    const email = uniqueEmail("victim");
    const victim = await anonClient(backend).auth.signUp({
      email,
      password: "victim-pass-1",
      options: { data: { full_name: "Victim" } },
    });
    expect(victim.error).toBeNull();

    await sleep(SEND_INTERVAL_SECONDS * 1000 + 200);
    const attacker = await anonClient(backend).auth.signUp({
      email,
      password: "attacker-pass-1",
      options: { data: { full_name: "Attacker" } },
    });
    // GoTrue's answer: the stored user (identities present), the confirmation re-sent.
    expect(attacker.error).toBeNull();
    expect(attacker.data.session).toBeNull();
    expect(attacker.data.user?.id).toBe(victim.data.user?.id);
    expect(attacker.data.user?.identities).toHaveLength(1);
    expect(attacker.data.user?.user_metadata.full_name).toBe("Victim");
    const mails = (await backend.mailbox.list()).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Confirm your signup",
      "Confirm your signup",
    ]);

    // The victim confirms from the newest mail and keeps their own password and name.
    const { tokenHash } = await confirmationFromMail(backend, email);
    const confirmed = await anonClient(backend).auth.verifyOtp({
      token_hash: tokenHash,
      type: "signup",
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.user_metadata.full_name).toBe("Victim");
    const asVictim = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "victim-pass-1",
    });
    expect(asVictim.error).toBeNull();
    expect(asVictim.data.user?.user_metadata.full_name).toBe("Victim");
    const asAttacker = await anonClient(backend).auth.signInWithPassword({
      email,
      password: "attacker-pass-1",
    });
    expect(asAttacker.error?.code).toBe("invalid_credentials");
  });

  it("answers 429 to a repeat sign-up within the send interval", async () => {
    const email = uniqueEmail("hasty");
    await anonClient(backend).auth.signUp({ email, password: "hasty-pass-1" });
    const again = await anonClient(backend).auth.signUp({ email, password: "hasty-pass-2" });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe("over_email_send_rate_limit");
  });
});
