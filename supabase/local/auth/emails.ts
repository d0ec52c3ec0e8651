/**
 * The e-mails that carry one-time tokens (issued by one-time-tokens.ts). Links use the format
 * the hosted project's e-mail templates use as well, handled by the web app's /auth/confirm
 * route: `${siteUrl}/auth/confirm?token_hash=…&type=…&next=<path>`.
 */

import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { escapeHtml } from "../http.ts";
import { logMail, storeMail } from "../mailbox.ts";
import {
  brandedSubject,
  CODE_LINE,
  IGNORE_LINE,
  mailLocale,
  SENT_BY,
  TEMPLATES,
} from "./email-templates.ts";
import { emailRateLimited } from "./errors.ts";
import {
  EMAIL_CHANGE_TOKENS,
  type IssuedToken,
  issueToken,
  revokeTokensOfTypes,
  type TokenType,
} from "./one-time-tokens.ts";
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

/**
 * The site's name in its mails. Started by the site (`brandFromSettings`): the name an admin
 * saved in the site's settings (public.site_settings,
 * supabase/migrations/20261204000001_site_content.sql), else the one the backend was started
 * with (BRAND_NAME), else the seeded settings' — so a name edited in /admin reaches the next mail
 * without a restart. Otherwise (the backend on its own): the configured name, or none.
 */
async function brandOf(tx: Tx, ctx: BackendContext): Promise<string | null> {
  if (!ctx.brandFromSettings) return ctx.brandName;
  const { rows: found } = await tx.query<{ settings: string | null }>(
    "select to_regclass('public.site_settings')::text as settings",
  );
  if (!found[0]?.settings) return ctx.brandName;
  const { rows } = await tx.query<{ brand_name: string; version: number }>(
    "select brand_name, version from public.site_settings where id = 'site'",
  );
  const saved = rows[0];
  if (!saved) return ctx.brandName;
  return saved.version > 1 ? saved.brand_name : (ctx.brandName ?? saved.brand_name);
}

async function sendAuthMail(
  tx: Tx,
  ctx: BackendContext,
  type: EmailActionType,
  user: UserRow,
  to: string,
  token: IssuedToken,
  redirectTo: string | null | undefined,
): Promise<void> {
  const locale = mailLocale(nextPath(ctx.siteUrl, redirectTo), user.raw_user_meta_data);
  const template = TEMPLATES[locale][type];
  const link = confirmLink(ctx, type, token.hash, redirectTo, to);
  const brand = await brandOf(tx, ctx);
  const subject = brandedSubject(template.subject, brand);
  const sentBy = brand ? SENT_BY[locale].replace("{brand}", brand) : null;
  const code = ctx.mailCodes ? `${CODE_LINE[locale]} ${token.otp}` : null;
  const text = [sentBy, template.intro, link, code, IGNORE_LINE[locale]]
    .filter((part) => part !== null)
    .join("\n\n");
  const html = [
    `<h2>${escapeHtml(subject)}</h2>`,
    sentBy === null ? null : `<p>${escapeHtml(sentBy)}</p>`,
    `<p>${escapeHtml(template.intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(template.action)}</a></p>`,
    ctx.mailCodes ? `<p>${escapeHtml(CODE_LINE[locale])} <strong>${token.otp}</strong></p>` : null,
    `<p>${escapeHtml(IGNORE_LINE[locale])}</p>`,
  ]
    .filter((part) => part !== null)
    .join("\n");
  const mail = await storeMail(tx, { to, subject, text: `${text}\n`, html, links: [link] });
  logMail(ctx, mail);
}

/** The kinds of one-time token: the mails' kinds plus the current-address half of a change. */
export type TokenKind = EmailActionType | "email_change_current";

/** What each kind stores: its token type, its sent-at column, its PKCE flow method. */
const KINDS: Record<
  TokenKind,
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
  email_change_current: {
    tokenType: "email_change_token_current",
    sentAt: "email_change_sent_at",
    flow: "email_change",
  },
};

export interface TokenOptions {
  /** The address an e-mail change moves to (required for the e-mail change kinds). */
  newEmail?: string;
  pkce?: PkceParams;
  /** Further user changes saved with the sent-at timestamp. */
  changes?: UserChanges;
}

export interface IssuedUserToken {
  user: UserRow;
  token: IssuedToken;
  /** The address the token is for: the new one for an e-mail change, else the user's. */
  to: string;
}

/** Issues a one-time token, records the PKCE flow state and stamps `*_sent_at` (no mail). */
export async function issueUserToken(
  tx: Tx,
  ctx: BackendContext,
  user: UserRow,
  kind: TokenKind,
  options: TokenOptions = {},
): Promise<IssuedUserToken> {
  const { tokenType, sentAt, flow } = KINDS[kind];
  const changes: UserChanges = { ...options.changes, [sentAt]: new Date() };
  if (tokenType === "email_change_token_new" || tokenType === "email_change_token_current") {
    if (!options.newEmail) throw new Error(`${kind} token without a new address`);
    // A change to another address voids both halves of the earlier one.
    if (options.newEmail !== user.email_change) {
      await revokeTokensOfTypes(tx, user.id, EMAIL_CHANGE_TOKENS);
    }
    changes.email_change = options.newEmail;
  }
  const to = (kind === "email_change" ? options.newEmail : user.email) ?? "";
  const token = await issueToken(tx, ctx, user.id, tokenType, to, options.pkce !== undefined);
  if (options.pkce) await createFlowState(tx, user.id, options.pkce, flow);
  return { user: await updateUser(tx, user.id, changes), token, to };
}

/** issueUserToken, then the mail with the link and the code. */
export async function sendTokenMail(
  tx: Tx,
  ctx: BackendContext,
  user: UserRow,
  type: EmailActionType,
  options: TokenOptions & { redirectTo?: string | null } = {},
): Promise<UserRow> {
  const issued = await issueUserToken(tx, ctx, user, type, options);
  await sendAuthMail(tx, ctx, type, issued.user, issued.to, issued.token, options.redirectTo);
  return issued.user;
}
