import { z } from "zod";
import { perLocale } from "~/i18n/translate.server";
import { contactEmailIn } from "../contact/schema.server";

export const newsletterSchemaIn = perLocale((t) => z.object({ email: contactEmailIn(t.locale) }));
export const newsletterSchema = newsletterSchemaIn("en");

/**
 * The body of a newsletter link's POST: the page's button (`intent`), or a mail client's RFC 8058
 * one-click request (`List-Unsubscribe=One-Click`). The token travels in the URL.
 */
export const newsletterLinkSchema = z.object({
  intent: z.enum(["confirm", "unsubscribe"]).optional(),
  "List-Unsubscribe": z.literal("One-Click").optional(),
});
