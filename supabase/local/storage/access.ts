/**
 * Who is calling the Storage API, and running SQL as them. Like supabase/storage's jwt plugin:
 * the bearer token (not the apikey) decides; routes that allow anonymous reads treat a missing
 * or bad token as `anon`. Statements run in a transaction as the token's role with
 * `request.jwt.claims` set — the same way PostgREST runs them — so the RLS policies on
 * `storage.objects` decide. Bucket look-ups run as the superuser, as hosted Storage does.
 */

import type { ApiRequest } from "../api-request.ts";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import type { JwtClaims } from "../jwt.ts";
import { StorageError, storageErrors } from "./errors.ts";

const ROLES = new Set(["anon", "authenticated", "service_role"]);

export interface Caller {
  role: string;
  claims: JwtClaims;
  /** The user id (`sub`), when the token has one. */
  owner?: string;
  authenticated: boolean;
}

const ANON: Caller = { role: "anon", claims: { role: "anon" }, authenticated: false };

/** The caller; throws 403 AccessDenied for a bad token unless `allowAnonymous`. */
export async function resolveCaller(
  ctx: BackendContext,
  request: ApiRequest,
  allowAnonymous = false,
): Promise<Caller> {
  const token = request.bearer;
  if (!token) {
    if (allowAnonymous) return ANON;
    throw storageErrors.accessDenied("Invalid Compact JWS");
  }
  const verified = await ctx.keys.verify(token);
  if (!verified.ok) {
    if (allowAnonymous) return ANON;
    throw storageErrors.accessDenied(
      verified.expired ? '"exp" claim timestamp check failed' : verified.reason,
    );
  }
  const role = verified.claims.role;
  if (typeof role !== "string" || !ROLES.has(role)) {
    throw storageErrors.accessDenied(`role "${String(role)}" does not exist`);
  }
  const sub = verified.claims.sub;
  return {
    role,
    claims: verified.claims,
    owner: typeof sub === "string" && sub ? sub : undefined,
    authenticated: true,
  };
}

/** Thrown inside `asCaller` to roll a permission test back. */
class RollBack extends Error {}

/** Runs `fn` in one transaction as the caller (RLS applies unless service_role). */
export function asCaller<T>(
  ctx: BackendContext,
  caller: Caller,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
      [caller.role, JSON.stringify(caller.claims)],
    );
    return fn(tx);
  });
}

/**
 * Storage's `testPermission`: runs a write as the caller and rolls it back, so RLS (and unique
 * constraints) answer before any byte is stored.
 */
export async function testPermission(
  ctx: BackendContext,
  caller: Caller,
  fn: (tx: Tx) => Promise<unknown>,
): Promise<unknown> {
  let result: unknown;
  try {
    await asCaller(ctx, caller, async (tx) => {
      result = await fn(tx);
      throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return result;
}

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}
