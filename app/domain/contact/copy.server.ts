import { getSiteConfig } from "~/domain/site/config.server";
import type { Locale } from "~/i18n/locale";
import { translate } from "~/i18n/translate.server";
import type { OutgoingMail } from "~/infra/mail.server";

/**
 * The copy of a contact message its sender gets (issue 44 item 9), in the language they wrote
 * in: what they sent, and that the agency usually replies within a day. Sent after the answer
 * and within the `contactCopy` cap of the address (app/infra/mail-caps.server.ts), as anyone
 * can type any address into the form.
 */
export async function contactCopyMail(
  message: { name: string; email: string; message: string },
  locale: Locale,
): Promise<OutgoingMail> {
  const brand = (await getSiteConfig(locale)).brandName;
  return {
    to: message.email,
    subject: translate(locale, "email.contactCopySubject", { brand }),
    text: translate(locale, "email.contactCopyText", {
      brand,
      name: message.name,
      message: message.message,
    }),
  };
}
