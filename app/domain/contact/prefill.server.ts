import type { SiteContent } from "~/domain/site/content.server";
import type { SlugRedirects } from "~/domain/site/redirects.server";
import type { Translator } from "~/i18n/translate.server";

/**
 * What the contact form starts with: `?service=` (a service page's "Request a quote") chooses
 * a published service and asks for its quote — also by a slug the service had before (a link
 * shared before it was renamed); else `?topic=` (a chat widget option) writes that option's
 * message; anything else, nothing.
 */
export function contactPrefill(
  site: Pick<SiteContent, "services" | "chat">,
  t: Translator,
  query: URLSearchParams,
  redirects?: Pick<SlugRedirects, "services">,
): { defaultMessage: string; defaultService: string } {
  const asked = query.get("service");
  const fate = asked ? redirects?.services.get(asked) : undefined;
  const service = fate && "moved" in fate ? fate.moved : asked;
  const quoteFor = service ? site.services.find((s) => s.id === service) : undefined;
  if (quoteFor) {
    return {
      defaultMessage: t("contact.quoteMessage", { service: quoteFor.title }),
      defaultService: quoteFor.id,
    };
  }
  const topic = query.get("topic");
  const option = topic ? site.chat.find((o) => o.topic === topic) : undefined;
  return { defaultMessage: option?.message ?? "", defaultService: "" };
}
