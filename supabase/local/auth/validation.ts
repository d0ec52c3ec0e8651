/** Input validation shared by the auth endpoints (GoTrue's rules and messages). */
import { isPlainObject, jsonDepth } from "../http.ts";
import { AuthError, validationFailed, weakPassword } from "./errors.ts";

export const MIN_PASSWORD_LENGTH = 6;
const MAX_PASSWORD_BYTES = 72;
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export type JsonObject = Record<string, unknown>;

export function badJson(detail: string): AuthError {
  return new AuthError(400, "bad_json", `Could not parse request body as JSON: ${detail}`);
}

/** Auth bodies (credentials, metadata) never need deep nesting. */
const MAX_AUTH_JSON_DEPTH = 64;

/** The parsed JSON body as an object; an empty body counts as `{}`. */
export function parseBodyObject(text: string): JsonObject {
  if (text.trim() === "") return {};
  if (jsonDepth(text, MAX_AUTH_JSON_DEPTH) > MAX_AUTH_JSON_DEPTH) {
    throw badJson(`nested deeper than ${MAX_AUTH_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson(error instanceof Error ? error.message : "invalid JSON");
  }
  if (!isPlainObject(value)) throw badJson("expected a JSON object");
  return value;
}

export function badJsonField(key: string, expected: string): never {
  throw badJson(`field "${key}" must be ${expected}`);
}

/** A string field, or undefined when absent/null; any other type is a 400. */
export function stringField(body: JsonObject, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") badJsonField(key, "a string");
  return value;
}

export function objectField(body: JsonObject, key: string): JsonObject | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) badJsonField(key, "an object");
  return value;
}

/** Lower-cased, trimmed e-mail; 400 when malformed (GoTrue's validateEmail messages). */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255) throw validationFailed("An email address is too long");
  if (!EMAIL_PATTERN.test(email)) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email;
}

/** normaliseEmail for endpoints where GoTrue runs validateEmail on a possibly empty field. */
export function requiredEmail(raw: string | undefined): string {
  if (!raw) throw validationFailed("An email address is required");
  return normaliseEmail(raw);
}

/** UTF-8 bytes, the unit of GoTrue's (Go's `len`) password limits and of bcrypt's 72. */
const passwordBytes = (password: string) => Buffer.byteLength(password, "utf8");

/** bcrypt reads 72 bytes at most: a longer password must be refused, never truncated. */
export function checkPasswordHashable(password: string): void {
  if (passwordBytes(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`bcrypt: password length exceeds ${MAX_PASSWORD_BYTES} bytes`);
  }
}

/** GoTrue's checkPasswordStrength: both limits count bytes, so "ééé" is long enough. */
export function checkPassword(password: string): void {
  if (passwordBytes(password) > MAX_PASSWORD_BYTES) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (passwordBytes(password) < MIN_PASSWORD_LENGTH) throw weakPassword();
}

export interface PkceParams {
  challenge: string;
  method: "s256" | "plain";
}

/** code_challenge + code_challenge_method: both or neither. */
export function pkceParams(body: JsonObject): PkceParams | undefined {
  const challenge = stringField(body, "code_challenge");
  const method = stringField(body, "code_challenge_method");
  if (!challenge && !method) return undefined;
  if (!challenge || !method) {
    throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (!CODE_CHALLENGE_PATTERN.test(challenge)) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  const lower = method.toLowerCase();
  if (lower !== "s256" && lower !== "plain") {
    throw validationFailed("code challenge method not supported");
  }
  return { challenge, method: lower };
}

/**
 * Where an e-mail link should send the user after /auth/confirm: the path+query of
 * `redirect_to` when it has the web app's origin, else "/".
 */
export function nextPath(siteUrl: string, redirectTo: string | null | undefined): string {
  if (!redirectTo) return "/";
  try {
    const site = new URL(siteUrl);
    const target = new URL(redirectTo, site);
    if (target.origin !== site.origin) return "/";
    return `${target.pathname}${target.search}`;
  } catch {
    return "/";
  }
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * GoTrue's IsRedirectURLValid without an allow list: an absolute URL with the site's scheme
 * and host, on the site's port (any port for a loopback host).
 */
export function isAllowedRedirect(siteUrl: string, candidate: string | null | undefined): boolean {
  if (!candidate) return false;
  try {
    const site = new URL(siteUrl);
    const target = new URL(candidate);
    if (site.protocol !== target.protocol || site.hostname !== target.hostname) return false;
    return site.port === target.port || LOOPBACK_HOSTS.has(target.hostname);
  } catch {
    return false;
  }
}
