/**
 * DELETE /admin/users/{id} with `should_soft_delete: true` (GoTrue's SoftDeleteUser and
 * SoftDeleteUserIdentities in models/user.go). The row stays, with `deleted_at` set; the
 * address, phone, pending address and identity ids are replaced by sha256(id + value) in
 * base64url, so nothing can sign in, refresh or verify as the user and the address is free
 * for a new account. Password, metadata, sessions and outstanding links and codes go.
 */
import { createHash } from "node:crypto";
import type { Tx } from "../db/types.ts";
import { revokeUserTokens } from "./one-time-tokens.ts";
import type { UserRow } from "./users.ts";

/** GoTrue's obfuscateValue: base64url (unpadded) of sha256(user id + value). */
const obfuscate = (userId: string, value: string) =>
  createHash("sha256").update(`${userId}${value}`).digest("base64url");

export async function softDeleteUser(tx: Tx, user: UserRow): Promise<void> {
  if (user.deleted_at) return;
  // As GoTrue, empty values are obfuscated too (a user without a phone gets a phone hash).
  await tx.query(
    `update auth.users
        set email = $2, phone = $3, email_change = $4, encrypted_password = null,
            raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(),
            updated_at = now()
      where id = $1`,
    [
      user.id,
      obfuscate(user.id, user.email ?? ""),
      obfuscate(user.id, user.phone ?? "").slice(0, 15),
      obfuscate(user.id, user.email_change ?? ""),
    ],
  );
  const identities = await tx.query<{ id: string; provider: string; provider_id: string }>(
    "select id, provider, provider_id from auth.identities where user_id = $1",
    [user.id],
  );
  for (const identity of identities.rows) {
    await tx.query(
      `update auth.identities set identity_data = '{}', provider_id = $2, updated_at = now()
        where id = $1`,
      [identity.id, obfuscate(user.id, `${identity.provider}:${identity.provider_id}`)],
    );
  }
  await revokeUserTokens(tx, user.id);
  await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
  // Not in GoTrue: a PKCE code issued before the deletion must not start a session after it.
  await tx.query("delete from auth.flow_state where user_id = $1", [user.id]);
}
