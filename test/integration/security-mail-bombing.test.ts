import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGNUP_SUCCESS } from "~/domain/accounts/limits";
import * as forgot from "~/routes/auth/forgot-password";
import * as login from "~/routes/auth/login";
import * as signup from "~/routes/auth/signup";
import * as contact from "~/routes/contact";
import { asData, asResponse, settle, toastOf } from "../support/answers";
import { createUser, type TestBackend, uniqueEmail, withBackend } from "../support/backend";
import { postArgs } from "../support/route-args";

/**
 * Mail bombing: a visitor makes the site (or its auth server) send mail to an address of their
 * choosing. Every such mail has a cap per recipient address (SECURITY.md), however many client
 * addresses the attacker uses; the answers stay those of any other visitor.
 */
let backend: TestBackend;
withBackend((started) => {
  backend = started;
});
beforeEach(() => {
  process.env.RATE_LIMIT = "on";
});
afterEach(() => {
  process.env.RATE_LIMIT = "off";
  vi.useRealTimers();
});

const NOTICE = "Someone tried to sign up to Jenga Digital with your email address";
const CONFIRM = "Confirm your signup";
const RESET = "Reset your password";

const signupForm = (email: string) => ({
  firstName: "Mallory",
  lastName: "Sender",
  email,
  password: "bombing-pass-1",
  confirmPassword: "bombing-pass-1",
  terms: "on",
});

async function mailsTo(email: string, subject?: string) {
  return (await backend.mailbox.list()).filter(
    (mail) => mail.to.toLowerCase() === email && (!subject || mail.subject === subject),
  );
}

/**
 * The mails to `email` once the site's own sends (made after the answer) have settled: waits up
 * to 3 s for `expected`, then 300 ms more for any that should not come. Real time only: the
 * tests fake `Date`.
 */
async function settledMailsTo(email: string, expected: number) {
  const started = performance.now();
  while ((await mailsTo(email)).length < expected && performance.now() - started < 3000) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return mailsTo(email);
}

describe("mail bombing through sign-up", () => {
  it("10 client addresses × 6 sign-ups with a registered address put 1 notice into its inbox", async () => {
    const victim = await createUser(backend);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const statuses: number[] = [];
    for (let source = 0; source < 10; source++) {
      for (let attempt = 0; attempt < 6; attempt++) {
        const { args } = postArgs("/signup", signupForm(victim.email), {
          ip: `198.18.${source}.1`,
        });
        const answer = await settle(() => signup.action(args));
        if (answer instanceof Response) {
          expect(answer).toHaveRedirect("/", 302);
          expect(await toastOf(answer)).toMatchObject({ type: "success", title: SIGNUP_SUCCESS });
        }
        statuses.push(answer instanceof Response ? answer.status : asData(answer).status);
      }
    }
    const elapsed = performance.now() - started;
    // Each client address gets its 5 sign-ups a minute (the per-IP limit), then 429.
    expect(statuses.filter((status) => status === 302)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);

    const inbox = await settledMailsTo(victim.email, 1);
    expect(inbox.map((mail) => mail.subject)).toEqual([NOTICE]);
    expect(elapsed).toBeLessThan(15_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("an address without an account gets 5 sign-up mails an hour, then 5 resends or resets", async () => {
    const victim = uniqueEmail("bombed");
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now });
    let at = now;
    let source = 0;
    /**
     * One request `gap` ms after the last (61 s: past the auth server's 60 s between two mails of
     * a kind), each from a new client address.
     */
    const next = async (
      action: "signup" | "forgot" | "resend",
      gap = 61_000,
      expected: "sent" | "capped" = "sent",
    ) => {
      at += gap;
      vi.setSystemTime(at);
      const ip = `198.18.100.${++source}`;
      if (action === "signup") {
        const answer = asResponse(
          await settle(() => signup.action(postArgs("/signup", signupForm(victim), { ip }).args)),
        );
        expect(answer).toHaveRedirect("/", 302);
        expect(await toastOf(answer)).toMatchObject({ type: "success", title: SIGNUP_SUCCESS });
        return;
      }
      const answer =
        action === "forgot"
          ? await settle(() =>
              forgot.action(postArgs("/forgot-password", { email: victim }, { ip }).args),
            )
          : await settle(() =>
              login.action(postArgs("/login", { intent: "resend", email: victim }, { ip }).args),
            );
      // Past the cap the answer says how long to wait, as for any address (account or not).
      const { status, data } = asData(answer);
      if (expected === "sent") {
        expect(status).toBe(200);
        // The reset is asked for after the answer: let it reach the auth server before the
        // clock moves on (else a busy machine could stamp it with the next request's time).
        if (action === "forgot") await resetsArrived(++resets);
      } else {
        expect(status).toBe(429);
        expect(data.formError ?? data.resendError).toMatch(
          /^You can ask for another mail in \d+ minutes\.$/,
        );
      }
    };
    let resets = 0;
    const resetsArrived = async (count: number) => {
      const started = performance.now();
      while ((await mailsTo(victim, RESET)).length < count && performance.now() - started < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const subjects = async (expected: number) =>
      (await settledMailsTo(victim, expected)).map((mail) => mail.subject).sort();

    for (let i = 0; i < 7; i++) await next("signup");
    expect(await subjects(6)).toEqual(Array(5).fill(CONFIRM));

    // The address has an (unconfirmed) account now. Resends and resets: one of a kind per 60 s
    // per address, and 5 an hour together; the sixth is told how long to wait.
    for (const action of ["resend", "forgot", "resend"] as const) await next(action);
    await next("forgot", 600_000);
    await next("resend");
    await next("forgot", 61_000, "capped");
    expect(await subjects(11)).toEqual([...Array(8).fill(CONFIRM), RESET, RESET].sort());
    expect(Date.now() - now).toBeLessThan(3600_000);
  });
});

describe("mail bombing through the contact form", () => {
  it("10 client addresses × 5 messages naming someone's address send them 1 copy, in the page's language", async () => {
    const victim = uniqueEmail("copy");
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const statuses: number[] = [];
    for (let source = 0; source < 10; source++) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const { args } = postArgs(
          "/sw/contact",
          { name: "Mallory", email: victim, message: `Buy now ${source}-${attempt}` },
          { ip: `198.19.${source}.1` },
        );
        const answer = asResponse(await settle(() => contact.action(args)));
        statuses.push(answer.status);
      }
    }
    const elapsed = performance.now() - started;
    // Every sender gets the usual answer: a copy not sent is not told.
    expect(statuses.every((status) => status === 302)).toBe(true);
    const inbox = await settledMailsTo(victim, 1);
    expect(inbox.map((mail) => mail.subject)).toEqual(["Nakala ya ujumbe wako kwa Jenga Digital"]);
    expect(inbox[0]?.text).toContain("Habari Mallory,");
    expect(inbox[0]?.text).toContain("Buy now 0-0");
    expect(elapsed).toBeLessThan(15_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });
});
