import type { TestBackend } from "@jenga/supabase-local/testing";
import { receivedMail, startTestSmtp, type TestSmtp } from "@jenga/supabase-local/testing/smtp";
import { HttpResponse, http } from "msw";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, outboxIdle, processOutbox } from "~/domain/outbox/outbox.server";
import * as contact from "~/routes/contact";
import { asResponse, settle } from "../support/answers";
import { serviceClient, uniqueEmail, withBackend } from "../support/backend";
import { postArgs } from "../support/route-args";

let backend: TestBackend;
let smtp: TestSmtp;
const mock = withBackend((b) => {
  backend = b;
});

beforeAll(async () => {
  process.env.RATE_LIMIT = "off";
  process.env.CONTACT_EMAIL = "leads@agency.example";
  smtp = await startTestSmtp();
});
afterEach(() => {
  delete process.env.SMTP_URL;
});
afterAll(() => smtp.close());

/**
 * Captures the site's posts of the agency's notifications to the local mailbox; fails the first
 * `failures` with 500. Other mails (the sender's copy) are taken and set aside.
 */
function mailboxSink(failures = 0) {
  const posted: Record<string, unknown>[] = [];
  let left = failures;
  mock.use(
    http.post(`${backend.mailboxUrl}/messages.json`, async ({ request }) => {
      const mail = (await request.json()) as Record<string, unknown>;
      if (mail.to !== "leads@agency.example") return HttpResponse.json({ id: 0 }, { status: 201 });
      if (left > 0) {
        left--;
        return HttpResponse.json({ message: "mailbox is down" }, { status: 500 });
      }
      posted.push(mail);
      return HttpResponse.json({ id: posted.length }, { status: 201 });
    }),
  );
  return posted;
}

async function sendContact(fields: Partial<Record<string, string>> = {}) {
  const email = uniqueEmail("lead");
  const { args } = postArgs("/contact", {
    name: "Achieng Otieno",
    email,
    message: "We need an online shop with M-Pesa.\nBudget: 200k.",
    ...fields,
  });
  const response = asResponse(await settle(() => contact.action(args)));
  expect(response.status).toBe(302);
  await outboxIdle();
  const { data } = await serviceClient(backend)
    .from("contact_messages")
    .select("id")
    .eq("email", fields.email ?? email)
    .single();
  const id = (data as { id: number }).id;
  return { id, email };
}

async function outboxRow(id: number) {
  const { data } = await serviceClient(backend)
    .from("mail_outbox")
    .select("status, attempts, last_error, next_attempt_at, sent_at")
    .eq("kind", "contact_notification")
    .eq("ref_id", id)
    .single();
  return data as {
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: string;
    sent_at: string | null;
  };
}

describe("lead notification through the outbox", () => {
  it("stores the message first, and a failed send is retried with backoff until it goes out", async () => {
    const posted = mailboxSink(1);
    const { id, email } = await sendContact();
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, sent_at: null });
    expect(failed.last_error).toMatch(/500/);
    const wait = Date.parse(failed.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThan(31_000);

    // Not due yet: nothing is sent.
    expect((await processOutbox()).sent).toBe(0);
    const later = new Date(Date.now() + 31_000);
    expect(await processOutbox({ now: () => later })).toMatchObject({ sent: 1 });
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });

    const mail = posted.find((m) => String(m.text).includes(email));
    expect(mail).toMatchObject({
      to: "leads@agency.example",
      subject: "New message from Achieng Otieno",
      headers: { "Reply-To": email },
      links: [`http://localhost:3000/admin/messages/${id}`],
    });
    expect(mail?.text).toContain("We need an online shop with M-Pesa.\nBudget: 200k.");
  });

  it("gives up after the last attempt and marks the row failed (shown on /admin)", async () => {
    mailboxSink(100);
    const { id } = await sendContact();
    await serviceClient(backend)
      .from("mail_outbox")
      .update({ attempts: MAX_ATTEMPTS - 1, next_attempt_at: new Date(0).toISOString() })
      .eq("kind", "contact_notification")
      .eq("ref_id", id);
    await processOutbox();
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("sends through SMTP when SMTP_URL is set (From = MAIL_FROM), retrying a refused send", async () => {
    process.env.SMTP_URL = smtp.url;
    // The agency's notification is refused once (the sender's copy goes out beside it).
    smtp.failNext(1, "leads@agency.example");
    const { id, email } = await sendContact();
    expect((await outboxRow(id)).last_error).toMatch(/451/);
    await processOutbox({ now: () => new Date(Date.now() + 31_000) });
    const mail = await receivedMail(smtp, (m) => m.body.includes(email));
    expect(mail.to).toEqual(["<leads@agency.example>"]);
    expect(mail.headers.from).toBe("Jenga Digital <no-reply@jengadigital.co.ke>");
    expect(mail.headers["reply-to"]).toBe(email);
    expect(mail.body).toContain(`/admin/messages/${id}`);
    expect(await outboxRow(id)).toMatchObject({ status: "sent" });
  });

  it("never blocks the visitor: a mailbox that hangs does not delay the answer", async () => {
    mock.use(
      http.post(`${backend.mailboxUrl}/messages.json`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const started = Date.now();
    const { args } = postArgs("/contact", {
      name: "Patient",
      email: uniqueEmail("slow"),
      message: "Is anyone there? Hello hello.",
    });
    expect(asResponse(await settle(() => contact.action(args))).status).toBe(302);
    expect(Date.now() - started).toBeLessThan(1000);
    await outboxIdle();
  });
});
