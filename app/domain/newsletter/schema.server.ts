import { z } from "zod";
import { perLocale } from "~/i18n/translate.server";
import { contactEmailIn } from "../contact/schema.server";

export const newsletterSchemaIn = perLocale((t) => z.object({ email: contactEmailIn(t.locale) }));
export const newsletterSchema = newsletterSchemaIn("en");
