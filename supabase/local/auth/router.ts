/** /auth/v1/* dispatcher: a table of handlers, the JSON body parsed once, GoTrue's error envelope. */
import type { ApiRequest } from "../api-request.ts";
import { jsonResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import { isCanceled } from "../db/errors.ts";
import { BodyTooLargeError } from "../http.ts";
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

/** Exact routes, keyed "METHOD /path". */
const ROUTES: Record<string, AuthHandler> = {
  "POST /signup": signup,
  "POST /token": token,
  "GET /user": getUser,
  "PUT /user": updateCurrentUser,
  "POST /logout": logout,
  "POST /verify": verifyPost,
  "GET /verify": verifyGet,
  "POST /resend": resend,
  "POST /recover": recover,
  "POST /invite": invite,
  "GET /settings": settings,
  "GET /health": health,
  "GET /.well-known/jwks.json": jwks,
  "POST /admin/users": adminCreateUser,
  "GET /admin/users": adminListUsers,
  "POST /admin/generate_link": generateLink,
};

/** Routes with one path parameter: /admin/users/<id>. */
const USER_ROUTES: Record<string, AuthHandler> = {
  GET: adminGetUser,
  PUT: adminUpdateUser,
  DELETE: adminDeleteUser,
};

function findRoute(method: string, path: string): { handler: AuthHandler; param?: string } | null {
  const exact = ROUTES[`${method} ${path}`];
  if (exact) return { handler: exact };
  const match = /^\/admin\/users\/([^/]+)$/.exec(path);
  const byId = match ? USER_ROUTES[method] : undefined;
  if (match && byId) return { handler: byId, param: decodeURIComponent(match[1] ?? "") };
  return null;
}

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
    const routeMethod = method === "HEAD" ? "GET" : method;
    const route = findRoute(routeMethod, path);
    if (!route) {
      throw new AuthError(404, "not_found", `Route ${method} /auth/v1${path} not found`);
    }
    if (!ctx.limits.allow(`${routeMethod} ${path}`, request)) throw requestRateLimited();
    const text = method === "GET" || method === "HEAD" ? "" : await request.text();
    const body = parseBodyObject(text);
    const result = await route.handler({ ...request, ctx, body, param: route.param });
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
