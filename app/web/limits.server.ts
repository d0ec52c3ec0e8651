import { localeOf } from "~/i18n/page.server";
import { translate } from "~/i18n/translate.server";
import { clientIp, consumeRateLimit, type RateLimitKind } from "~/infra/rate-limit.server";
import type { Failure } from "~/lib/result";

/**
 * The site's per-client rate limits are declared beside the routes they guard — a `limits`
 * constant next to the route's loader and action, naming which of RATE_LIMITS
 * (app/infra/rate-limit.server.ts) counts what: the client address, a value of the parsed form
 * (the e-mail of a sign-in), or both — and applied by `overLimit` once the form is parsed and
 * valid. Route modules never call the limiter itself (test/unit/route-guards-declared.test.ts).
 *
 * Why not a middleware: a limit counts valid submissions only (a typo does not use up a
 * visitor's tries), the refusal is the form's own answer (its message under the form, the typed
 * values kept, 429 and Retry-After), and one page's forms count differently (/login: sign-ins
 * per address and e-mail, a new confirmation mail per browser and address). A middleware runs
 * before the form is read, so it could do none of that.
 */
export interface Limit<Input> {
  kind: RateLimitKind;
  /** Counts the client address (the server's, or the first X-Forwarded-For with TRUST_PROXY). */
  perAddress: boolean;
  /** Further keys of the parsed input, counted under the same kind (none: the limit is skipped). */
  keys?: (input: Input, request: Request) => string[];
}

/** One kind counted per client address. */
export function perAddress(kind: RateLimitKind): Limit<unknown> {
  return { kind, perAddress: true };
}

/** One kind counted per client address and per values of the input, in one count. */
export function perAddressAnd<Input>(
  kind: RateLimitKind,
  keys: (input: Input, request: Request) => string[],
): Limit<Input> {
  return { kind, perAddress: true, keys };
}

/** One kind counted per values of the input only. */
export function perKeys<Input>(
  kind: RateLimitKind,
  keys: (input: Input, request: Request) => string[],
): Limit<Input> {
  return { kind, perAddress: false, keys };
}

/**
 * The declared limits of one submission, in order: each takes a point from each of its keys;
 * the first one exhausted answers, as the 429 failure with the longest wait of its keys in its
 * message and Retry-After (the later limits are not counted then). null when all allow.
 */
export async function overLimit<Input>(
  request: Request,
  limits: readonly Limit<Input>[],
  input: Input,
): Promise<Failure | null> {
  for (const limit of limits) {
    const values = limit.keys?.(input, request) ?? [];
    const keys = limit.perAddress ? [clientIp(request), ...values] : values;
    const wait = await consumeRateLimit(limit.kind, keys);
    if (wait === null) continue;
    const message = translate(localeOf(request), "validation.rateLimited", { seconds: wait });
    return { ok: false, kind: "limited", message, retryAfter: wait };
  }
  return null;
}

/**
 * Checking the current password (a sign-in, a password change): per client address and per
 * account, the sign-in's own limit — a stolen session cannot guess the password faster there.
 */
export const PASSWORD_CHECK_LIMITS = [
  perAddressAnd("login", ({ email }: { email: string }) => [email]),
] as const;
