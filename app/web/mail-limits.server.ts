import { localeOf } from "~/i18n/page.server";
import { translate } from "~/i18n/translate.server";
import { browserId, newBrowserCookie, trustedDevice } from "~/infra/cookies.server";
import type { Failure } from "~/lib/result";
import { perAddress, perKeys } from "./limits.server";

/**
 * The limits of the actions that mail an address (re-send a confirmation, reset a password),
 * declared once for the routes that have them: per browser first — the browser cookie, or the
 * device cookie of a browser that signed in to that address before — then a much higher
 * ceiling per client address, so that an office, a cyber café or a carrier's NAT sharing one
 * address is not locked out by its fourth visitor (`RATE_LIMITS.emailBrowser` and `email` in
 * app/infra/rate-limit.server.ts). The per-recipient limits come on top
 * (app/infra/mail-caps.server.ts). A browser without the cookie is counted against its
 * address's ceiling alone, and gets the cookie with the answer (`mailBrowserCookie`).
 */
export const MAIL_LIMITS = [
  perKeys("emailBrowser", ({ email }: { email: string }, request) => {
    const known = knownBrowser(request, email);
    return known ? [`browser:${known}`] : [];
  }),
  perAddress("email"),
] as const;

function knownBrowser(request: Request, email: string): string | null {
  return trustedDevice(request, email) ?? browserId(request);
}

/** The browser cookie to set with a mail action's answer: null when the browser has one. */
export function mailBrowserCookie(request: Request, email: string): string | null {
  return knownBrowser(request, email) ? null : newBrowserCookie().cookie;
}

/** "You can ask for another mail in N seconds" (minutes past 90 s), as a 429 failure. */
export function mailWaitFailure(request: Request, seconds: number): Failure {
  const locale = localeOf(request);
  const message =
    seconds > 90
      ? translate(locale, "auth.mailWaitMinutes", { minutes: Math.ceil(seconds / 60) })
      : translate(locale, "auth.mailWait", { seconds });
  return { ok: false, kind: "limited", message, retryAfter: seconds };
}

/**
 * The wait GoTrue states when it refused a mail for its 60 s between two
 * (`over_email_send_rate_limit`: "…only request this after 42 seconds."), or null.
 */
export function statedWait(message: string): number | null {
  const seconds = /after (\d{1,5}) seconds?/.exec(message)?.[1];
  return seconds ? Math.max(1, Number(seconds)) : null;
}
