import { z } from "zod";
import { CONTACT_LIMITS as L } from "./contact-limits";

/** Loose "text@text.text" with no spaces (the browser's type=email is stricter still). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });

export const emailField = requiredText("Email is required")
  .max(L.emailMax, { error: `Email must be at most ${L.emailMax} characters` })
  .regex(EMAIL, { error: "Please enter a valid email address" });

/** Server validation of a contact message (DESIGN §5 bounds). */
export const contactSchema = z.object({
  name: requiredText("Name is required").max(L.nameMax, {
    error: `Name must be at most ${L.nameMax} characters`,
  }),
  email: emailField,
  message: requiredText("Message is required")
    .min(L.messageMin, { error: `Message must be at least ${L.messageMin} characters` })
    .max(L.messageMax, { error: `Message must be at most ${L.messageMax} characters` }),
  redirectTo: z.string().optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
