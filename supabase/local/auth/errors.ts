/** GoTrue error envelope (2024-01-01 API version shape, plus the legacy keys). */

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.extra = extra;
  }

  body(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      error_code: this.code,
      msg: this.message,
      ...this.extra,
    };
  }
}

export const validationFailed = (message: string, status = 400) =>
  new AuthError(status, "validation_failed", message);

export const weakPassword = () =>
  new AuthError(422, "weak_password", "Password should be at least 6 characters.", {
    weak_password: { reasons: ["length"] },
  });

export const invalidCredentials = () =>
  new AuthError(400, "invalid_credentials", "Invalid login credentials");

export const emailRateLimited = (secondsLeft: number) =>
  new AuthError(
    429,
    "over_email_send_rate_limit",
    `For security purposes, you can only request this after ${secondsLeft} seconds.`,
  );

/** GoTrue's answer when a per-IP request limit (or our password-check queue) is exhausted. */
export const requestRateLimited = () =>
  new AuthError(429, "over_request_rate_limit", "Request rate limit reached");

export const notAdmin = (message = "User not allowed") => new AuthError(403, "not_admin", message);

export const noAuthorization = () =>
  new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");

export const userNotFound = (status = 404, message = "User not found") =>
  new AuthError(status, "user_not_found", message);

/**
 * GoTrue's answer when a request outlives `API_MAX_REQUEST_DURATION` (10 s): its context,
 * and with it its database work, is cancelled. Here: a statement stopped at its bound.
 */
export const requestTimeout = () =>
  new AuthError(
    504,
    "request_timeout",
    "Processing this request timed out, please retry after a moment.",
  );
