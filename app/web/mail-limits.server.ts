import { localeOf } from "~/i18n/page.server";
import { translate } from "~/i18n/translate.server";
import { browserId, newBrowserCookie, trustedDevice } from "~/infra/cookies.server";
import type { Failure } from "~/lib/result";
import { rateLimit } from "./replies.server";

/**
 * Client limits of the actions that mail an address (re-send a confirmation, reset a
 * password): per browser first — the browser cookie, or the device cookie of a browser that
 * signed in to that address before — then a much higher ceiling per client address, so that an
 * office, a cyber café or a carrier's NAT sharing one address is not locked out by its fourth
 * visitor (`RATE_LIMITS.emailBrowser` and `email` in app/infra/rate-limit.server.ts). The
 * per-recipient limits come on top (app/infra/mail-caps.server.ts).
 *
 * A browser without the cookie gets one with the answer (`setCookie`); a client that drops it
 * is counted against its address's ceiling alone.
 */
export async function mailActionLimit(
  request: Request,
  email: string,
): Promise<{ limited: Failure | null; setCookie: string | null }> {
  const known = trustedDevice(request, email) ?? browserId(request);
  const issued = known ? null : newBrowserCookie();
  const setCookie = issued?.cookie ?? null;
  if (known) {
    const byBrowser = await rateLimit("emailBrowser", request, [`browser:${known}`], {
      perIp: false,
    });
    if (byBrowser) return { limited: byBrowser, setCookie };
  }
  return { limited: await rateLimit("email", request), setCookie };
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
