/**
 * JWT secret, API keys and HS256 signing/verification (jose).
 *
 * The secret lives in `<dir>/jwt-secret` (generated once) unless the caller passes one.
 * API keys have the shape of the Supabase CLI demo keys: `{iss:"supabase-demo", role, exp}`.
 */
import { createSecretKey, type KeyObject, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

/** 2032-11-11, like the CLI's demo keys: API keys do not expire in practice. */
const API_KEY_EXPIRY = 1983812996;
const VERIFIED_CACHE_SIZE = 2000;

export type JwtClaims = Record<string, unknown> & { role?: unknown; sub?: unknown; exp?: unknown };

export type VerifyResult =
  | { ok: true; claims: JwtClaims }
  | { ok: false; expired: boolean; reason: string };

export interface Keys {
  secret: string;
  anonKey: string;
  serviceRoleKey: string;
  sign(claims: JwtClaims): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/** Reads `<dir>/jwt-secret`, creating it (mode 0600) on first use. */
export function loadOrCreateSecret(dir: string): string {
  const file = join(dir, "jwt-secret");
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8").trim();
    if (text.length >= 32) return text;
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export async function createKeys(secret: string): Promise<Keys> {
  if (secret.length < 32) throw new Error("The JWT secret must be at least 32 characters long.");
  const key: KeyObject = createSecretKey(Buffer.from(secret, "utf8"));
  // Verified tokens are cached (bounded) so hot REST paths skip the HMAC; expiry is re-checked.
  const verified = new Map<string, JwtClaims>();

  const sign = (claims: JwtClaims): Promise<string> =>
    new SignJWT(claims as JWTPayload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(key);

  const verify = async (token: string): Promise<VerifyResult> => {
    const cached = verified.get(token);
    const now = Math.floor(Date.now() / 1000);
    if (cached) {
      if (typeof cached.exp !== "number" || cached.exp > now) return { ok: true, claims: cached };
      verified.delete(token);
      return { ok: false, expired: true, reason: "token is expired" };
    }
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
      const claims = payload as JwtClaims;
      if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
      verified.set(token, claims);
      return { ok: true, claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        return { ok: false, expired: true, reason: "token is expired" };
      }
      const reason = error instanceof Error ? error.message : "invalid token";
      return { ok: false, expired: false, reason };
    }
  };

  const apiKey = (role: string) => sign({ iss: "supabase-demo", role, exp: API_KEY_EXPIRY });
  return {
    secret,
    anonKey: await apiKey("anon"),
    serviceRoleKey: await apiKey("service_role"),
    sign,
    verify,
  };
}

/** The token after `Bearer ` in an Authorization header, if any. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1];
}
