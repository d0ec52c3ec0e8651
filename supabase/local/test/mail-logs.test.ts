/** E-mail links never reach production logs: only recipient and subject are written there. */
import { afterEach, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../testing.ts";
import { anonClient, uniqueEmail } from "./helpers.ts";

const started: TestBackend[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((backend) => backend.close()));
});

/** Starts a backend with a captured log, signs up once and posts one app mail. */
async function mailLogLines(options: { logMailLinks?: boolean; nodeEnv?: string }) {
  const lines: string[] = [];
  const previous = process.env.NODE_ENV;
  if (options.nodeEnv) process.env.NODE_ENV = options.nodeEnv;
  try {
    const backend = await startTestBackend({
      logMailLinks: options.logMailLinks,
      log: (line) => lines.push(line),
    });
    started.push(backend);
    const email = uniqueEmail("logged");
    await anonClient(backend).auth.signUp({ email, password: "logged-pass-1" });
    await fetch(`${backend.mailboxUrl}/messages.json`, {
      method: "POST",
      headers: { authorization: `Bearer ${backend.serviceRoleKey}` },
      body: JSON.stringify({
        to: email,
        subject: "Welcome",
        text: "Hi",
        links: ["http://localhost:3000/welcome?secret=1"],
      }),
    });
    return { email, lines: lines.filter((line) => line.startsWith("[mailbox]")) };
  } finally {
    process.env.NODE_ENV = previous;
  }
}

describe("mail log lines", () => {
  it("hold only recipient and subject when NODE_ENV=production", async () => {
    const { email, lines } = await mailLogLines({ nodeEnv: "production" });
    expect(lines).toEqual([
      `[mailbox] to ${email}: Confirm your signup`,
      `[mailbox] to ${email}: Welcome`,
    ]);
  });

  it("hold only recipient and subject with logMailLinks: false", async () => {
    const { lines } = await mailLogLines({ logMailLinks: false });
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(/https?:|token_hash|secret/);
  });

  it("show the links in development", async () => {
    const { lines } = await mailLogLines({ nodeEnv: "development" });
    expect(lines[0]).toContain("/auth/confirm?token_hash=");
    expect(lines[1]).toContain("/welcome?secret=1");
  });
});
