/**
 * The e2e backend's local mailbox (GET <backend>/mailbox/messages.json, newest first).
 *
 *   const link = await mailLink("someone@example.com", "Confirm your signup");
 *   await page.goto(link); // http://127.0.0.1:<E2E_PORT>/auth/confirm?token_hash=…&type=signup&next=…
 */
import { BACKEND_URL } from "./backend";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Headers the site asked for (List-Unsubscribe, Reply-To…); auth mails have none. */
  headers?: Record<string, string>;
  sent_at: string;
  /** Files the site attached (an invoice's PDF): `url` answers the bytes. Auth mails have none. */
  attachments: { filename: string; contentType: string; size: number; url: string }[];
}

export const MAILBOX_URL = `${BACKEND_URL}/mailbox/messages.json`;

export async function listMail(): Promise<Mail[]> {
  const response = await fetch(MAILBOX_URL);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as Mail[];
}

/** The newest mail to `email` (optionally with this subject), waiting up to `timeoutMs` for it. */
export async function latestMail(
  email: string,
  subject?: string | RegExp,
  timeoutMs = 10_000,
): Promise<Mail> {
  const wanted = email.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  const matches = (s: string) =>
    !subject || (typeof subject === "string" ? s === subject : subject.test(s));
  for (;;) {
    const mail = (await listMail()).find(
      (m) => m.to.toLowerCase() === wanted && matches(m.subject),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject ?? "*"}" to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The action link (confirm / reset) of the newest matching mail. */
export async function mailLink(email: string, subject?: string): Promise<string> {
  const link = (await latestMail(email, subject)).links[0];
  if (!link) throw new Error(`mail to ${email} has no link`);
  return link;
}

/**
 * Opens the newest matching mail's link the way a person does: the link shows a "Continue"
 * page (opening it signs nobody in), and the button on it confirms.
 */
export async function followMailLink(
  page: import("@playwright/test").Page,
  email: string,
  subject: string,
): Promise<void> {
  await page.goto(await mailLink(email, subject));
  const form = page.locator("main form").filter({ has: page.locator('input[name="token_hash"]') });
  await form.getByRole("button").click();
  // The POST signs in; wait for its redirect (any language) so a following goto cannot abort it.
  await page.waitForURL((url) => !url.pathname.endsWith("/auth/confirm"));
}
