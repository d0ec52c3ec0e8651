import { z } from "zod";
import type { Locale } from "~/i18n/locale";
import { perLocale, type Translator, translator } from "~/i18n/translate.server";
import { readPhone } from "~/lib/phone";
import { bareEmailField } from "../email-field.server";
import { isServiceId, CONTACT_LIMITS as L } from "./limits";

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

type ServiceList = readonly { id: string }[];

/**
 * The sender's phone or WhatsApp number, optional: read as the site's own numbers are
 * (app/lib/phone.ts) and kept in E.164; left empty, absent.
 */
export const optionalPhoneIn = (t: Translator) =>
  z
    .string()
    .max(L.phoneMax, { error: t("validation.phoneInvalid") })
    .optional()
    .transform((typed, ctx) => {
      const read = readPhone(typed ?? "");
      if (read.ok) return read.number.e164;
      if (read.reason === "empty") return undefined;
      ctx.issues.push({ code: "custom", message: t("validation.phoneInvalid"), input: typed });
      return z.NEVER;
    });

/** Server validation of a contact message (bounds: app/domain/contact/limits.ts) in `t`'s language. */
const contactSchemaOf = (t: Translator, services: ServiceList) =>
  z.object({
    name: requiredText(t("validation.nameRequired")).max(L.nameMax, {
      error: t("validation.nameTooLong", { max: L.nameMax }),
    }),
    email: contactEmailIn(t.locale),
    phone: optionalPhoneIn(t),
    message: requiredText(t("validation.messageRequired"))
      .min(L.messageMin, { error: t("validation.messageShort", { min: L.messageMin }) })
      .max(L.messageMax, { error: t("validation.messageLong", { max: L.messageMax }) }),
    /** The service a quote is asked for (service pages link here with `?service=`). */
    service: z
      .string({ error: t("validation.serviceChoice") })
      .max(80, { error: t("validation.serviceChoice") })
      .refine((id) => isServiceId(id, services), { error: t("validation.serviceChoice") })
      .optional(),
    redirectTo: z.string().max(2048).optional(),
  });

const NO_SERVICES: ServiceList = [];
const built = new Map<Locale, WeakMap<ServiceList, ReturnType<typeof contactSchemaOf>>>();

/**
 * The contact form's schema in `locale`, whose service choice accepts exactly `services` (the
 * published ones: pass the snapshot's list, the same array for as long as it is current, and
 * the schema is built once for it).
 */
export function contactSchemaIn(locale: Locale, services: ServiceList = NO_SERVICES) {
  let schemas = built.get(locale);
  if (!schemas) {
    schemas = new WeakMap();
    built.set(locale, schemas);
  }
  let schema = schemas.get(services);
  if (!schema) {
    schema = contactSchemaOf(translator(locale), services);
    schemas.set(services, schema);
  }
  return schema;
}

export const contactEmail = contactEmailIn("en");
export const contactSchema = contactSchemaIn("en");

export type ContactInput = z.infer<typeof contactSchema>;
