import { z } from "zod";
import { contactEmail } from "../contact/schema.server";

export const newsletterSchema = z.object({ email: contactEmail });

/**
 * The one answer to a well-formed subscription, new or repeated: the form never tells whether
 * an address was already on the list.
 */
export const NEWSLETTER_SUBSCRIBED =
  "Thank you for subscribing! Watch your inbox for our next newsletter.";
