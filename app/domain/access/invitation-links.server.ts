import { createHmac, timingSafeEqual } from "node:crypto";
import { type Locale, localizePath } from "~/i18n/locale";
import { sessionSecret, siteUrl } from "~/infra/env.server";

/**
 * The link of an invitation mail: `/invitations/<id>.<MAC>`, in the invitee's language. The
 * HMAC-SHA256 (keyed from SESSION_SECRET) covers the invitation's id, address and creation
 * time: a link cannot be guessed, moved to another invitation or address, and an invitation made
 * again for the same address (a new row, a new time) retires the old link. Whether it is still
 * valid (7 days, once) is the database's row: supabase/migrations/20261210000001_invitations.sql.
 */
export interface SignedInvitation {
  id: number;
  email: string;
  created_at: string;
}

function mac(invitation: SignedInvitation): string {
  const key = createHmac("sha256", sessionSecret()).update("organisation-invitations/v1").digest();
  return createHmac("sha256", key)
    .update(
      `${invitation.id}\n${invitation.email.trim().toLowerCase()}\n${Date.parse(invitation.created_at)}`,
    )
    .digest("base64url");
}

export function invitationToken(invitation: SignedInvitation): string {
  return `${invitation.id}.${mac(invitation)}`;
}

/** The id and signature of a token, before the signature is checked; null when malformed. */
export function readInvitationToken(
  token: string | undefined,
): { id: number; signature: string } | null {
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  return { id: Number(match[1]), signature: match[2] as string };
}

export function invitationSignatureMatches(signature: string, invitation: SignedInvitation) {
  const expected = Buffer.from(mac(invitation));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The page an invitation's link opens, in the language it was sent in. */
export function invitationPath(invitation: SignedInvitation, locale: Locale): string {
  return localizePath(`/invitations/${invitationToken(invitation)}`, locale);
}

export function invitationUrl(invitation: SignedInvitation, locale: Locale): string {
  return `${siteUrl()}${invitationPath(invitation, locale)}`;
}
