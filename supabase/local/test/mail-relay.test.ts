import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { receivedMail, startTestSmtp, type TestSmtp } from "../testing-smtp.ts";

let smtp: TestSmtp;
let backend: TestBackend;

beforeAll(async () => {
  smtp = await startTestSmtp();
  backend = await startTestBackend({
    smtp: { url: smtp.url, from: "Agency <no-reply@agency.example>", retrySeconds: 0.05 },
  });
});
afterAll(async () => {
  await backend.close();
  await smtp.close();
});

const client = () =>
  createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });

describe("SMTP relay of the auth mails", () => {
  it("sends the sign-up confirmation through SMTP and keeps it in the mailbox", async () => {
    const email = `relay-${Date.now()}@example.com`;
    const { error } = await client().auth.signUp({ email, password: "relay-password-1" });
    expect(error).toBeNull();
    const mail = await receivedMail(smtp, (m) => m.to.includes(`<${email}>`));
    expect(mail.headers.from).toBe("Agency <no-reply@agency.example>");
    expect(mail.headers.subject).toBe("Confirm your signup");
    const stored = await backend.mailbox.latestTo(email);
    expect(mail.body).toContain(stored?.links[0]);
  });

  it("tries again after the SMTP server refuses, and sends each mail once", async () => {
    smtp.failNext(1);
    const email = `relay-retry-${Date.now()}@example.com`;
    await client().auth.signUp({ email, password: "relay-password-1" });
    const deadline = Date.now() + 5000;
    while (smtp.mails.every((m) => !m.to.includes(`<${email}>`))) {
      if (Date.now() > deadline) throw new Error("the relay never retried");
      await backend.relay?.flush();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await backend.relay?.flush();
    expect(smtp.mails.filter((m) => m.to.includes(`<${email}>`))).toHaveLength(1);
  });
});
