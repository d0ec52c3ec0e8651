import { z } from "zod";
import { emailField } from "../email-field.server";
import { CONTACT_LIMITS as L, SERVICE_IDS } from "./limits";

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const contactEmail = emailField({
  required: "Email is required",
  invalid: "Please enter a valid email address",
  tooLong: `Email must be at most ${L.emailMax} characters`,
});

/** Server validation of a contact message (DESIGN §5 bounds). */
export const contactSchema = z.object({
  name: requiredText("Name is required").max(L.nameMax, {
    error: `Name must be at most ${L.nameMax} characters`,
  }),
  email: contactEmail,
  message: requiredText("Message is required")
    .min(L.messageMin, { error: `Message must be at least ${L.messageMin} characters` })
    .max(L.messageMax, { error: `Message must be at most ${L.messageMax} characters` }),
  /** The service a quote is asked for (service pages link here with `?service=`). */
  service: z.enum(SERVICE_IDS, { error: "Please choose one of our services" }).optional(),
  redirectTo: z.string().max(2048).optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
