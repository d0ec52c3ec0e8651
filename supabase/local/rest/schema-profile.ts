/**
 * Schema selection by profile headers (ApiRequest.getSchema): `Accept-Profile` for GET/HEAD
 * (and any other read), `Content-Profile` for POST/PATCH/PUT/DELETE. Only `public` is exposed;
 * any other schema is 406 PGRST106. A response to a request that named its profile repeats it
 * in `Content-Profile`.
 */
import type { ApiRequest } from "../api-request.ts";
import { EXPOSED_SCHEMA } from "./catalog.ts";
import { RestError } from "./errors.ts";

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** True when the request named the schema (so the response carries `Content-Profile`). */
export function checkProfile(request: ApiRequest): boolean {
  const header = WRITE_METHODS.has(request.method) ? "content-profile" : "accept-profile";
  const profile = request.header(header);
  if (profile === undefined) return false;
  if (profile !== EXPOSED_SCHEMA) {
    throw new RestError(
      406,
      "PGRST106",
      `Invalid schema: ${profile}`,
      null,
      `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
    );
  }
  return true;
}
