import { z } from "zod";
import { perLocale, type Translator } from "~/i18n/translate.server";
import { bareEmailField } from "../email-field.server";
import { CONTACT_LIMITS as L, SERVICE_IDS } from "./limits";

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

/** The contact and newsletter e-mail field (one bare address), its messages in `t`'s language. */
export const contactEmailIn = perLocale((t: Translator) =>
  bareEmailField({
    required: t("validation.emailRequired"),
    invalid: t("validation.contactEmailInvalid"),
    tooLong: t("validation.emailTooLong", { max: L.emailMax }),
    notBare: t("validation.emailNotBare"),
    formulaStart: t("validation.emailFormulaStart"),
  }),
);

/** Server validation of a contact message (DESIGN §5 bounds), per language. */
export const contactSchemaIn = perLocale((t: Translator) =>
  z.object({
    name: requiredText(t("validation.nameRequired")).max(L.nameMax, {
      error: t("validation.nameTooLong", { max: L.nameMax }),
    }),
    email: contactEmailIn(t.locale),
    message: requiredText(t("validation.messageRequired"))
      .min(L.messageMin, { error: t("validation.messageShort", { min: L.messageMin }) })
      .max(L.messageMax, { error: t("validation.messageLong", { max: L.messageMax }) }),
    /** The service a quote is asked for (service pages link here with `?service=`). */
    service: z.enum(SERVICE_IDS, { error: t("validation.serviceChoice") }).optional(),
    redirectTo: z.string().max(2048).optional(),
  }),
);

export const contactEmail = contactEmailIn("en");
export const contactSchema = contactSchemaIn("en");

export type ContactInput = z.infer<typeof contactSchema>;
