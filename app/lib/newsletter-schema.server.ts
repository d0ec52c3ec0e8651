import { z } from "zod";
import { emailField } from "./contact-schema.server";

export const newsletterSchema = z.object({ email: emailField });

export const NEWSLETTER_MESSAGES = {
  subscribed: "Thank you for subscribing! Watch your inbox for our next newsletter.",
  duplicate: "You're already subscribed — thank you for reading!",
} as const;
