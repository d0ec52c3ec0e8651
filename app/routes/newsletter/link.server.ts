import { data } from "react-router";
import { checkLink, confirmSubscription, unsubscribe } from "~/domain/newsletter/consent.server";
import { newsletterLinkSchema } from "~/domain/newsletter/link-schema.server";
import type { LinkPurpose } from "~/domain/newsletter/links.server";
import { readSubmission } from "~/infra/forms.server";
import { PRIVATE_NO_STORE } from "~/infra/http-policy";
import { failedForm, rejectedForm, STATUS_OF } from "~/infra/replies.server";

/**
 * The two pages a newsletter mail links to (/newsletter/confirm, /newsletter/unsubscribe).
 * Opening a link changes nothing (mail scanners open links too): the page shows one button, and
 * its POST — or a mail client's one-click POST — does the change. No sign-in is needed: the
 * signed token is the proof.
 */
export interface LinkPage {
  email: string | null;
  status: string | null;
  error: string | null;
}

const headers = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" };

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
  const found = await checkLink(purpose, url.searchParams.get("token"));
  if (found.ok) {
    return data<LinkPage>({ ...found.value, error: null }, { headers });
  }
  return data<LinkPage>(
    { email: null, status: null, error: found.message },
    { status: STATUS_OF[found.kind], headers },
  );
}

async function linkAction(purpose: LinkPurpose, request: Request, url: URL) {
  const read = await readSubmission(request, newsletterLinkSchema);
  if (!read.ok) return rejectedForm(read);
  const token = url.searchParams.get("token");
  const done = purpose === "confirm" ? await confirmSubscription(token) : await unsubscribe(token);
  if (!done.ok) return failedForm(done);
  const notice =
    purpose === "confirm"
      ? `Thank you! ${done.value.email} is subscribed to our newsletter.`
      : `${done.value.email} is unsubscribed. You will get no more newsletters from us.`;
  return data({ notice }, { headers });
}
