/**
 * The e-mails that carry one-time tokens (issued by one-time-tokens.ts). Links use the format
 * the hosted project's e-mail templates use as well, handled by the web app's /auth/confirm
 * route: `${siteUrl}/auth/confirm?token_hash=…&type=…&next=<path>`.
 */
import type { Transaction } from "@electric-sql/pglite";
import type { BackendContext } from "../context.ts";
import { escapeHtml } from "../http.ts";
import { logMail, storeMail } from "../mailbox.ts";
import { CODE_LINE, mailLocale, TEMPLATES } from "./email-templates.ts";
import { emailRateLimited } from "./errors.ts";
import { type IssuedToken, issueToken, type TokenType } from "./one-time-tokens.ts";
import { createFlowState } from "./pkce.ts";
import { type UserChanges, type UserRow, updateUser } from "./users.ts";
import { nextPath, type PkceParams } from "./validation.ts";

export type EmailActionType = "signup" | "recovery" | "email_change" | "invite";

/** 429 when the previous mail of this kind went out less than the send interval (60 s) ago. */
export function checkSendWindow(ctx: BackendContext, lastSentAt: Date | null): void {
  if (!lastSentAt) return;
  const interval = ctx.security.emailSendIntervalSeconds;
  const elapsed = (Date.now() - lastSentAt.getTime()) / 1000;
  if (elapsed < interval) throw emailRateLimited(Math.max(1, Math.ceil(interval - elapsed)));
}

export function confirmLink(
  ctx: BackendContext,
  type: EmailActionType,
  tokenHash: string,
  redirectTo: string | null | undefined,
  email: string,
): string {
  // The address rides along (hosted templates: `email={{ .Email }}`) so the web app's
  // "Continue as …" page can say whose link it is.
  const query = new URLSearchParams({
    token_hash: tokenHash,
    type,
    email,
    next: nextPath(ctx.siteUrl, redirectTo),
  });
  return `${ctx.siteUrl.replace(/\/+$/, "")}/auth/confirm?${query.toString()}`;
}

async function sendAuthMail(
  tx: Transaction,
  ctx: BackendContext,
  type: EmailActionType,
  user: UserRow,
  to: string,
  token: IssuedToken,
  redirectTo: string | null | undefined,
): Promise<void> {
  const locale = mailLocale(nextPath(ctx.siteUrl, redirectTo), user.raw_user_meta_data);
  const template = TEMPLATES[locale][type];
  const code = CODE_LINE[locale];
  const link = confirmLink(ctx, type, token.hash, redirectTo, to);
  const text = `${template.intro}\n\n${link}\n\n${code} ${token.otp}\n`;
  const html = `<h2>${escapeHtml(template.subject)}</h2>
<p>${escapeHtml(template.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>
<p>${escapeHtml(code)} <strong>${token.otp}</strong></p>`;
  const mail = await storeMail(tx, { to, subject: template.subject, text, html, links: [link] });
  logMail(ctx, mail);
}

/** What each kind of mail stores: its token type, its sent-at column, its PKCE flow method. */
const KINDS: Record<
  EmailActionType,
  {
    tokenType: TokenType;
    sentAt: "confirmation_sent_at" | "recovery_sent_at" | "email_change_sent_at";
    flow: string;
  }
> = {
  signup: { tokenType: "confirmation_token", sentAt: "confirmation_sent_at", flow: "email/signup" },
  invite: { tokenType: "confirmation_token", sentAt: "confirmation_sent_at", flow: "email/signup" },
  recovery: { tokenType: "recovery_token", sentAt: "recovery_sent_at", flow: "recovery" },
  email_change: {
    tokenType: "email_change_token_new",
    sentAt: "email_change_sent_at",
    flow: "email_change",
  },
};

export interface TokenMailOptions {
  /** Recipient; default the user's address (the new one for an e-mail change). */
  to?: string;
  pkce?: PkceParams;
  redirectTo?: string | null;
  /** Further user changes saved with the sent-at timestamp. */
  changes?: UserChanges;
}

/** Issues a one-time token, records the PKCE flow state, stamps `*_sent_at` and sends the mail. */
export async function sendTokenMail(
  tx: Transaction,
  ctx: BackendContext,
  user: UserRow,
  type: EmailActionType,
  options: TokenMailOptions = {},
): Promise<UserRow> {
  const kind = KINDS[type];
  const to = options.to ?? user.email ?? "";
  const token = await issueToken(tx, ctx, user.id, kind.tokenType, to, options.pkce !== undefined);
  if (options.pkce) await createFlowState(tx, user.id, options.pkce, kind.flow);
  const updated = await updateUser(tx, user.id, {
    ...options.changes,
    [kind.sentAt]: new Date(),
  });
  await sendAuthMail(tx, ctx, type, updated, to, token, options.redirectTo);
  return updated;
}
