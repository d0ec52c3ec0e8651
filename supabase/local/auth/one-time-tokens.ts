/**
 * One-time tokens behind e-mail links and codes (auth.one_time_tokens).
 *
 * - The link carries `token_hash` = 32 random bytes (hex, `pkce_`-prefixed for PKCE flows):
 *   unguessable, unlike hosted GoTrue's sha224(email + code). The 6-digit code in the same
 *   mail still works with verifyOtp({ email, token, type }).
 * - Only digests are stored; a token lives `otpExpirySeconds` (1 h) and is used once.
 * - Revocation: sending a new mail of one kind revokes the earlier ones of that kind; using any
 *   token, or changing the password, revokes every outstanding token of the user; after
 *   `maxWrongCodesPerAddress` wrong codes for an address its outstanding tokens are revoked.
 */
import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { CommittedFailure } from "./committed.ts";
import { AuthError } from "./errors.ts";

export type TokenType =
  | "confirmation_token"
  | "recovery_token"
  | "email_change_token_new"
  | "email_change_token_current";

/** Both halves of an e-mail change: the new address's token and the current address's. */
export const EMAIL_CHANGE_TOKENS: TokenType[] = [
  "email_change_token_new",
  "email_change_token_current",
];

export interface IssuedToken {
  /** Six-digit code shown in the mail. */
  otp: string;
  /** The link's token_hash. */
  hash: string;
}

export interface ConsumedToken {
  userId: string;
  tokenType: TokenType;
  /** The address the token was issued for (the new address for email_change_token_new). */
  relatesTo: string;
}

/** A link (token_hash) or an address with the code from the mail. */
export type TokenProof = { tokenHash: string } | { email: string; otp: string };

interface TokenRow {
  id: string;
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  created_at: Date;
}

const linkDigest = (tokenHash: string) => createHash("sha256").update(tokenHash).digest("hex");

const codeDigest = (ctx: BackendContext, address: string, otp: string) =>
  createHmac("sha256", ctx.keys.secret).update(`${address}\0${otp}`).digest("hex");

export const linkExpired = () =>
  new AuthError(403, "otp_expired", "Email link is invalid or has expired");
export const codeExpired = () =>
  new AuthError(403, "otp_expired", "Token has expired or is invalid");

/** Stores a new token for `address`, revoking the user's earlier tokens of the same type. */
export async function issueToken(
  tx: Tx,
  ctx: BackendContext,
  userId: string,
  tokenType: TokenType,
  address: string,
  pkce: boolean,
): Promise<IssuedToken> {
  const otp = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const hash = `${pkce ? "pkce_" : ""}${randomBytes(32).toString("hex")}`;
  const relatesTo = address.toLowerCase();
  await tx.query("delete from auth.one_time_tokens where user_id = $1 and token_type = $2", [
    userId,
    tokenType,
  ]);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, link_digest, code_digest, relates_to)
     values ($1, $2, $3, $4, $5)`,
    [userId, tokenType, linkDigest(hash), codeDigest(ctx, relatesTo, otp), relatesTo],
  );
  return { otp, hash };
}

export async function revokeUserTokens(tx: Tx, userId: string): Promise<void> {
  await tx.query("delete from auth.one_time_tokens where user_id = $1", [userId]);
}

export async function revokeTokensOfTypes(
  tx: Tx,
  userId: string,
  types: TokenType[],
): Promise<void> {
  await tx.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])",
    [userId, types],
  );
}

async function findToken(
  tx: Tx,
  ctx: BackendContext,
  proof: TokenProof,
  types: TokenType[],
): Promise<TokenRow | undefined> {
  const { rows } =
    "tokenHash" in proof
      ? await tx.query<TokenRow>(
          `select * from auth.one_time_tokens
            where link_digest = $1 and token_type = any($2::text[])`,
          [linkDigest(proof.tokenHash), types],
        )
      : await tx.query<TokenRow>(
          `select * from auth.one_time_tokens
            where relates_to = $1 and code_digest = $2 and token_type = any($3::text[])
            order by created_at desc limit 1`,
          [proof.email, codeDigest(ctx, proof.email, proof.otp), types],
        );
  return rows[0];
}

/** Counts a wrong code against every outstanding token of the address; revokes them at the cap. */
async function countWrongCode(tx: Tx, ctx: BackendContext, email: string): Promise<void> {
  await tx.query(
    "update auth.one_time_tokens set failed_attempts = failed_attempts + 1 where relates_to = $1",
    [email],
  );
  await tx.query(
    "delete from auth.one_time_tokens where relates_to = $1 and failed_attempts >= $2",
    [email, ctx.security.maxWrongCodesPerAddress],
  );
}

/**
 * Finds the token matching the proof and consumes it (with every other token of its user).
 * A wrong code is counted and committed: the caller must run this in transactionKeepingFailures.
 */
export async function consumeToken(
  tx: Tx,
  ctx: BackendContext,
  proof: TokenProof,
  types: TokenType[],
): Promise<ConsumedToken | CommittedFailure> {
  const byCode = !("tokenHash" in proof);
  const row = await findToken(tx, ctx, proof, types);
  if (!row) {
    if (!byCode) throw linkExpired();
    await countWrongCode(tx, ctx, proof.email);
    return new CommittedFailure(codeExpired());
  }
  if (Date.now() - row.created_at.getTime() > ctx.security.otpExpirySeconds * 1000) {
    await tx.query("delete from auth.one_time_tokens where id = $1", [row.id]);
    return new CommittedFailure(byCode ? codeExpired() : linkExpired());
  }
  await revokeUserTokens(tx, row.user_id);
  return { userId: row.user_id, tokenType: row.token_type, relatesTo: row.relates_to };
}
