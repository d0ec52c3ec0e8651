/**
 * Security settings of the embedded backend. Defaults are hosted GoTrue's where it has one
 * (`GOTRUE_MAILER_OTP_EXP`, `GOTRUE_SMTP_MAX_FREQUENCY`, `GOTRUE_RATE_LIMIT_VERIFY`,
 * `GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL`); tests shrink them to observe expiry.
 */
import { availableParallelism } from "node:os";

export interface RateLimitSetting {
  /** Requests allowed in a burst, refilled evenly over `windowSeconds`. */
  max: number;
  windowSeconds: number;
}

export interface SecuritySettings {
  /** Lifetime of e-mail links and codes. Hosted default 3600 s. */
  otpExpirySeconds: number;
  /** Minimum time between two e-mails of one kind to one user. Hosted default 60 s. */
  emailSendIntervalSeconds: number;
  /** How long a rotated refresh token may still be presented (parallel refreshes). Hosted 10 s. */
  refreshTokenReuseIntervalSeconds: number;
  /** Wrong codes for one address before its outstanding links and codes are revoked. */
  maxWrongCodesPerAddress: number;
  /** POST and GET /verify per client IP. Hosted default 30 per 5 minutes. */
  verifyRateLimit: RateLimitSetting;
  /** bcrypt cost of new password hashes. Default 10 (GoTrue's); tests may lower it. */
  passwordHashCost: number;
  /** bcrypt worker threads. Default min(2, available CPUs). */
  passwordWorkers: number;
  /** Password hashes/checks running or queued at once; more are answered 429 at once. */
  maxPendingPasswordChecks: number;
}

export function securitySettings(overrides: Partial<SecuritySettings> = {}): SecuritySettings {
  return {
    otpExpirySeconds: 3600,
    emailSendIntervalSeconds: 60,
    refreshTokenReuseIntervalSeconds: 10,
    maxWrongCodesPerAddress: 10,
    verifyRateLimit: { max: 30, windowSeconds: 300 },
    passwordHashCost: 10,
    passwordWorkers: Math.min(2, availableParallelism()),
    maxPendingPasswordChecks: 64,
    ...overrides,
  };
}
