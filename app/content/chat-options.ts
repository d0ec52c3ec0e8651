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

export const chatOptions = (Object.keys(contactTopics) as ContactTopic[]).map((topic) => ({
  topic,
  label: contactTopics[topic].label,
  href: `/contact?topic=${topic}`,
}));

/** The prefilled message for `?topic=` on /contact ("" for a missing or unknown topic). */
export function topicMessage(topic: string | null): string {
  if (!topic || !Object.hasOwn(contactTopics, topic)) return "";
  return contactTopics[topic as ContactTopic].message;
}
