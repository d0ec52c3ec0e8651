/**
 * One-time tokens and the e-mails that carry them. Links use the format the hosted
 * project's e-mail templates use as well, handled by the web app's /auth/confirm route:
 * `${siteUrl}/auth/confirm?token_hash=…&type=…&next=<path>`.
 */
import { createHash, randomInt } from "node:crypto";
import type { Transaction } from "@electric-sql/pglite";
import type { BackendContext } from "../context.ts";
import { escapeHtml } from "../http.ts";
import { storeMail } from "../mailbox.ts";
import { emailRateLimited } from "./errors.ts";
import { nextPath } from "./validation.ts";

export type EmailActionType = "signup" | "recovery" | "email_change" | "invite";

export interface OneTimeToken {
  /** Six-digit code shown in the mail (usable with verifyOtp({email, token, type})). */
  otp: string;
  /** Stored and linked token hash; `pkce_`-prefixed when the request carried a code challenge. */
  hash: string;
}

export function hashOtp(email: string, otp: string): string {
  return createHash("sha224").update(`${email}${otp}`).digest("hex");
}

export function newOneTimeToken(email: string, pkce: boolean): OneTimeToken {
  const otp = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const hash = hashOtp(email, otp);
  return { otp, hash: pkce ? `pkce_${hash}` : hash };
}

/** 429 when the previous mail of this kind went out less than the send interval (60 s) ago. */
export function checkSendWindow(ctx: BackendContext, lastSentAt: Date | null): void {
  if (!lastSentAt) return;
  const interval = ctx.security.emailSendIntervalSeconds;
  const elapsed = (Date.now() - lastSentAt.getTime()) / 1000;
  if (elapsed < interval) throw emailRateLimited(Math.max(1, Math.ceil(interval - elapsed)));
}

const TEMPLATES: Record<EmailActionType, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: "Confirm your signup",
    intro: "Follow this link to confirm your account:",
    action: "Confirm your email address",
  },
  recovery: {
    subject: "Reset your password",
    intro: "Follow this link to reset the password for your account:",
    action: "Reset password",
  },
  email_change: {
    subject: "Confirm email change",
    intro: "Follow this link to confirm the update of your email address:",
    action: "Change email address",
  },
  invite: {
    subject: "You have been invited",
    intro: "You have been invited to create an account. Follow this link to accept the invite:",
    action: "Accept the invite",
  },
};

export function confirmLink(
  ctx: BackendContext,
  type: EmailActionType,
  tokenHash: string,
  redirectTo: string | null | undefined,
): string {
  const query = new URLSearchParams({
    token_hash: tokenHash,
    type,
    next: nextPath(ctx.siteUrl, redirectTo),
  });
  return `${ctx.siteUrl.replace(/\/+$/, "")}/auth/confirm?${query.toString()}`;
}

export async function sendAuthMail(
  tx: Transaction,
  ctx: BackendContext,
  type: EmailActionType,
  to: string,
  token: OneTimeToken,
  redirectTo: string | null | undefined,
): Promise<void> {
  const template = TEMPLATES[type];
  const link = confirmLink(ctx, type, token.hash, redirectTo);
  const text = `${template.intro}\n\n${link}\n\nOr enter this code: ${token.otp}\n`;
  const html = `<h2>${escapeHtml(template.subject)}</h2>
<p>${escapeHtml(template.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>
<p>Or enter this code: <strong>${token.otp}</strong></p>`;
  await storeMail(tx, { to, subject: template.subject, text, html, links: [link] });
  ctx.log(`[mailbox] to ${to}: ${template.subject} → ${link}`);
}
