/** Request/response shapes of the auth (GoTrue) handlers. */
import type { IncomingHttpHeaders } from "node:http";
import type { BackendContext } from "../context.ts";
import type { JsonObject } from "./validation.ts";

export interface AuthRequest {
  ctx: BackendContext;
  method: string;
  /** Path below /auth/v1, e.g. "/signup" or "/admin/users/<id>". */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: JsonObject;
  /** Path parameter of routes like /admin/users/:id. */
  param?: string;
}

export interface AuthResult {
  status: number;
  /** JSON body; undefined = empty body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type AuthHandler = (request: AuthRequest) => Promise<AuthResult>;

export const ok = (body: unknown, headers?: Record<string, string>): AuthResult => ({
  status: 200,
  body,
  headers,
});
