/**
 * Request/response shapes of the auth (GoTrue) handlers: the gateway's parsed request
 * (api-request.ts; `path` below /auth/v1, e.g. "/signup" or "/admin/users/<id>") with its JSON
 * body parsed by the router, answered with a result (api-result.ts) whose `body` is JSON.
 */
import type { ApiRequest } from "../api-request.ts";
import type { ApiResult } from "../api-result.ts";
import type { BackendContext } from "../context.ts";
import type { Params } from "../route-table.ts";
import type { JsonObject } from "./validation.ts";

export interface AuthRequest extends ApiRequest {
  ctx: BackendContext;
  body: JsonObject;
  /** Path parameters of routes like /admin/users/:id (auth/router.ts), percent-decoded. */
  params: Params;
}

export type AuthResult = ApiResult;

export type AuthHandler = (request: AuthRequest) => Promise<AuthResult>;

export const ok = (body: unknown, headers?: Record<string, string>): AuthResult => ({
  status: 200,
  body,
  headers,
});
