/**
 * The database role of a REST request, decided from its JWT as PostgREST does (Auth/Jwt.hs):
 * the bearer token (else the API key), 30 s of clock skew, `role` claim defaulting to anon.
 * Failures are PGRST301 (cannot decode) / PGRST303 (claims) with a `WWW-Authenticate` challenge.
 */
import { errors, jwtVerify } from "jose";
import type { ApiRequest } from "../api-request.ts";
import type { BackendContext } from "../context.ts";
import type { JwtClaims } from "../jwt.ts";
import { invalidToken, RestError } from "./errors.ts";

export interface RequestRole {
  role: string;
  claims: JwtClaims;
}

const API_ROLES = new Set(["anon", "authenticated", "service_role"]);
const ALLOWED_SKEW_SECONDS = 30;
const ANON: RequestRole = { role: "anon", claims: { role: "anon" } };

/** WAI's extractBearerAuth: `Bearer` (any case), whitespace, the rest (possibly empty). */
function bearerOf(request: ApiRequest): string | undefined {
  const header = request.header("authorization");
  const match = header === undefined ? null : /^bearer(?:\s+(.*))?$/is.exec(header.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}

/** Why a token the shared verifier refused is unusable, or its claims if only skew was at fault. */
async function diagnose(ctx: BackendContext, token: string): Promise<JwtClaims> {
  if (token === "") throw invalidToken("PGRST301", "Empty JWT is sent in Authorization header");
  const parts = token.split(".").length;
  if (parts !== 3) throw invalidToken("PGRST301", `Expected 3 parts in JWT; got ${parts}`);
  try {
    const key = new TextEncoder().encode(ctx.keys.secret);
    const { payload } = await jwtVerify(token, key, {
      algorithms: ["HS256", "HS384", "HS512"],
      clockTolerance: ALLOWED_SKEW_SECONDS,
    });
    return payload as JwtClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalidToken("PGRST303", "JWT expired");
    if (error instanceof errors.JWTClaimValidationFailed) {
      const claim = error.claim;
      if (claim === "nbf") throw invalidToken("PGRST303", "JWT not yet valid");
      if (claim === "exp" || claim === "iat") {
        throw invalidToken("PGRST303", `The JWT '${claim}' claim must be a number`);
      }
      throw invalidToken("PGRST303", "Parsing claims failed");
    }
    if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
      throw invalidToken("PGRST301", "Wrong or unsupported encoding algorithm");
    }
    throw invalidToken("PGRST301", "JWT cryptographic operation failed");
  }
}

function checkIssuedAt(claims: JwtClaims): void {
  const iat = claims.iat;
  if (iat === undefined) return;
  if (typeof iat !== "number")
    throw invalidToken("PGRST303", "The JWT 'iat' claim must be a number");
  if (iat > Date.now() / 1000 + ALLOWED_SKEW_SECONDS) {
    throw invalidToken("PGRST303", "JWT issued at future");
  }
}

/**
 * A role PostgREST would try to `SET ROLE` to but that is not one of the API roles. The
 * embedded database runs as a superuser, so it must never switch to such a role; the error is
 * what hosted Postgres answers to the authenticator.
 */
async function refuseRole(ctx: BackendContext, role: string): Promise<never> {
  const { rows } = await ctx.db.query("select 1 from pg_roles where rolname = $1", [role]);
  if (rows.length === 0) throw new RestError(401, "22023", `role "${role}" does not exist`);
  throw new RestError(403, "42501", `permission denied to set role "${role}"`);
}

export async function resolveRole(ctx: BackendContext, request: ApiRequest): Promise<RequestRole> {
  const token = bearerOf(request) ?? request.apikey;
  if (token === undefined) return ANON;
  const verified = await ctx.keys.verify(token);
  const claims = verified.ok ? verified.claims : await diagnose(ctx, token);
  checkIssuedAt(claims);
  const raw = claims.role;
  if (raw === undefined || raw === null) return { role: "anon", claims };
  const role = typeof raw === "string" ? raw : JSON.stringify(raw);
  if (!API_ROLES.has(role)) return refuseRole(ctx, role);
  return { role, claims };
}
