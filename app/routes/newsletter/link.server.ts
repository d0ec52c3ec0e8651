import { data } from "react-router";
import { recordGoal } from "~/domain/analytics/collector.server";
import { checkLink, confirmSubscription, unsubscribe } from "~/domain/newsletter/consent.server";
import type { LinkPurpose } from "~/domain/newsletter/links.server";
import { newsletterLinkSchema } from "~/domain/newsletter/schema.server";
import { localizeFailure } from "~/i18n/failures.server";
import { pageI18n } from "~/i18n/page.server";
import { cacheHeaders } from "~/infra/cache-policy";
import { readSubmission } from "~/infra/forms.server";
import { failedForm, rejectedForm, STATUS_OF } from "~/web/replies.server";

/**
 * The two pages a newsletter mail links to (/newsletter/confirm, /newsletter/unsubscribe, and
 * the same under /sw and /fr: a mail links to its subscriber's language). Opening a link
 * changes nothing (mail scanners open links too): the page shows one button, and its POST — or a
 * mail client's one-click POST — does the change. No sign-in is needed: the signed token is the
 * proof.
 */
export interface LinkPage {
  email: string | null;
  status: string | null;
  error: string | null;
}

const headers = { ...cacheHeaders("private"), "X-Robots-Tag": "noindex" };

/** Which link this is: the route serves both paths. */
export function purposeOf(url: URL): LinkPurpose {
  return url.pathname.endsWith("/unsubscribe") ? "unsubscribe" : "confirm";
}

export function loader({ url }: { url: URL }) {
  return linkLoader(purposeOf(url), url);
}

export function action({ request, url }: { request: Request; url: URL }) {
  return linkAction(purposeOf(url), request, url);
}

async function linkLoader(purpose: LinkPurpose, url: URL) {
  const { t, i18n } = pageI18n(url, ["newsletterLink", "blog.backToBlog"]);
  const found = await checkLink(purpose, url.searchParams.get("token"));
  if (found.ok) {
    const page: LinkPage = { ...found.value, error: null };
    return data({ ...page, i18n }, { headers });
  }
  return data(
    { email: null, status: null, error: localizeFailure(found, t).message, i18n } as LinkPage & {
      i18n: typeof i18n;
    },
    { status: STATUS_OF[found.kind], headers },
  );
}

async function linkAction(purpose: LinkPurpose, request: Request, url: URL) {
  const { t } = pageI18n(url);
  const read = await readSubmission(request, newsletterLinkSchema);
  if (!read.ok) return rejectedForm(read);
  const token = url.searchParams.get("token");
  const done = purpose === "confirm" ? await confirmSubscription(token) : await unsubscribe(token);
  if (!done.ok) return failedForm(localizeFailure(done, t));
  if ("confirmedNow" in done.value && done.value.confirmedNow) recordGoal(request, "newsletter");
  const { email } = done.value;
  const notice =
    purpose === "confirm"
      ? t("newsletterLink.confirmed", { email })
      : t("newsletterLink.unsubscribed", { email });
  return data({ notice }, { headers });
}
