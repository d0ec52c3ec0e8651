/** Topics a visitor can pick in the live-chat widget; each prefills the contact form. */
export const contactTopics = {
  website: {
    label: "I need a website",
    message: "Hello, I need a website for my business. Please get in touch to discuss.",
  },
  "mobile-app": {
    label: "Mobile app development",
    message: "Hello, I would like to discuss developing a mobile app.",
  },
  general: {
    label: "General inquiry",
    message: "Hello, I have a general inquiry: ",
  },
} as const;

export type ContactTopic = keyof typeof contactTopics;

/** The widget's options: labels are message keys (`chat.*Label`). */
export const chatOptions = [
  { topic: "website", label: "chat.websiteLabel", href: "/contact?topic=website" },
  { topic: "mobile-app", label: "chat.mobileAppLabel", href: "/contact?topic=mobile-app" },
  { topic: "general", label: "chat.generalLabel", href: "/contact?topic=general" },
] as const satisfies readonly { topic: ContactTopic; label: string; href: string }[];

/** The prefilled message for `?topic=` on /contact ("" for a missing or unknown topic). */
export function topicMessage(topic: string | null): string {
  if (!topic || !Object.hasOwn(contactTopics, topic)) return "";
  return contactTopics[topic as ContactTopic].message;
}
