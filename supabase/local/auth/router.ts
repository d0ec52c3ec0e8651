/**
 * /auth/v1/* dispatcher: GoTrue's routes as one table (route-table.ts), the JSON body parsed
 * once, the route's guard applied before its handler, GoTrue's error envelope.
 */
import type { ApiRequest } from "../api-request.ts";
import { jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { isCanceled } from "../db/errors.ts";
import { BodyTooLargeError } from "../http.ts";
import { compileRoutes, type Guard, guardOf, type Route, route } from "../route-table.ts";
import {
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
  invite,
} from "./admin.ts";
import { AuthError, requestRateLimited, requestTimeout } from "./errors.ts";
import { generateLink } from "./generate-link.ts";
import { requireServiceRole } from "./guard.ts";
import { recover, resend } from "./recover.ts";
import { signup } from "./signup.ts";
import { token } from "./token.ts";
import type { AuthHandler, AuthResult } from "./types.ts";
import { getUser, logout, updateCurrentUser } from "./user.ts";
import { parseBodyObject } from "./validation.ts";
import { verifyGet, verifyPost } from "./verify.ts";

const API_VERSION_HEADERS = { "X-Supabase-Api-Version": "2024-01-01" };

const settings: AuthHandler = async ({ ctx }) => ({
  status: 200,
  body: {
    external: { anonymous_users: false, email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: ctx.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
  },
});

const health: AuthHandler = async () => ({
  status: 200,
  body: {
    version: "local",
    name: "GoTrue",
    description: "GoTrue is a user registration and authentication API",
  },
});

const jwks: AuthHandler = async () => ({
  status: 200,
  body: { keys: [] },
  headers: { "Cache-Control": "public, max-age=600" },
});

type AuthGuard = "open" | "apiKey" | "serviceRole";
export type AuthRoute = Route<AuthHandler, AuthGuard>;

/**
 * GoTrue's routes (below /auth/v1). `open` ones need no API key at the gateway (e-mail links,
 * probes); `serviceRole` ones are the admin API, refused as GoTrue refuses (auth/guard.ts).
 */
export const AUTH_ROUTES: readonly AuthRoute[] = [
  route("POST", "/signup", "apiKey", signup),
  route("POST", "/token", "apiKey", token),
  route("GET", "/user", "apiKey", getUser),
  route("PUT", "/user", "apiKey", updateCurrentUser),
  route("POST", "/logout", "apiKey", logout),
  route("POST", "/verify", "apiKey", verifyPost),
  route("GET", "/verify", "open", verifyGet),
  route("POST", "/resend", "apiKey", resend),
  route("POST", "/recover", "apiKey", recover),
  route("GET", "/settings", "apiKey", settings),
  route("GET", "/health", "open", health),
  route("GET", "/.well-known/jwks.json", "open", jwks),
  route("POST", "/invite", "serviceRole", invite),
  route("POST", "/admin/users", "serviceRole", adminCreateUser),
  route("GET", "/admin/users", "serviceRole", adminListUsers),
  route("GET", "/admin/users/:id", "serviceRole", adminGetUser),
  route("PUT", "/admin/users/:id", "serviceRole", adminUpdateUser),
  route("DELETE", "/admin/users/:id", "serviceRole", adminDeleteUser),
  route("POST", "/admin/generate_link", "serviceRole", generateLink),
];

const AUTH_TABLE = compileRoutes(AUTH_ROUTES);

/** GoTrue routes HEAD as GET (and so do its rate limits). */
const routeMethod = (method: string) => (method === "HEAD" ? "GET" : method);

/** The guard of the route a request below /auth/v1 reaches; an unknown route needs the API key. */
export const authGuard = ({ method, path }: ApiRequest): Guard =>
  guardOf(AUTH_TABLE.match(routeMethod(method), path), "apiKey");

function authError(error: AuthError): AuthResult {
  return jsonResult(error.status, error.body(), {
    ...API_VERSION_HEADERS,
    "x-sb-error-code": error.code,
  });
}

const UNEXPECTED_FAILURE = "Unexpected failure, please check server logs for more information";

/** Answers a request below /auth/v1 (`request.path` is the part after it). */
export async function handleAuth(request: ApiRequest, ctx: BackendContext): Promise<AuthResult> {
  const { method, path } = request;
  try {
    const routed = routeMethod(method);
    const match = AUTH_TABLE.match(routed, path);
    if (match.kind === "missed") {
      throw new AuthError(404, "not_found", `Route ${method} /auth/v1${path} not found`);
    }
    // A user id that is not valid percent-encoding fails as decodeURIComponent does (500).
    if (match.kind === "malformed") throw new URIError("URI malformed");
    if (!ctx.limits.allow(`${routed} ${path}`, request)) throw requestRateLimited();
    const text = method === "GET" || method === "HEAD" ? "" : await request.text();
    const body = parseBodyObject(text);
    if (match.route.guard === "serviceRole") await requireServiceRole(ctx, request.headers);
    const result = await match.route.handler({ ...request, ctx, body, params: match.params });
    return { ...result, headers: { ...API_VERSION_HEADERS, ...result.headers } };
  } catch (error) {
    if (error instanceof AuthError) return authError(error);
    if (error instanceof BodyTooLargeError) {
      return authError(new AuthError(413, "request_too_large", error.message));
    }
    if (isCanceled(error)) {
      ctx.log(`[auth] ${method} ${path}: ${(error as Error).message}`);
      return authError(requestTimeout());
    }
    ctx.log(`[auth] ${method} ${path} failed: ${error instanceof Error ? error.stack : error}`);
    return authError(new AuthError(500, "unexpected_failure", UNEXPECTED_FAILURE));
  }
}
