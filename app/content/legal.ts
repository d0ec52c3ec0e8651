/** Plain-language terms and privacy notice. `{brand}` and `{email}` are filled from site config. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** When the documents last changed (shown as month and year in the page's language). */
export const LEGAL_UPDATED = "2026-11-15T12:00:00Z";

export const termsOfService: LegalSection[] = [
  {
    heading: "Using this site",
    paragraphs: [
      "These terms apply to this website and the client area of {brand}. By creating an account you agree to them.",
      "Keep your password to yourself and tell us at {email} if you think someone else has used your account.",
    ],
  },
  {
    heading: "Projects and quotes",
    paragraphs: [
      "Prices on this site are guide ranges in Kenyan shillings. Every project starts with a written quote and scope; work begins once you accept it.",
      "Each project's own agreement — deliverables, timelines, payment milestones and ownership of the finished work — takes precedence over this page.",
    ],
  },
  {
    heading: "Content",
    paragraphs: [
      "Articles and images on this site belong to {brand} or their authors. You may share links to them; please ask before republishing.",
      "Do not use the contact form or the client area to send spam, malware or anything unlawful.",
    ],
  },
  {
    heading: "Liability and changes",
    paragraphs: [
      "We work to keep this site available and accurate but cannot promise it will always be. Nothing here limits rights you have under Kenyan consumer law.",
      "We may update these terms; the date below shows the latest version. These terms are governed by the laws of Kenya.",
    ],
  },
];

export const privacyPolicy: LegalSection[] = [
  {
    heading: "What we collect",
    paragraphs: [
      "Account details you give us: name, e-mail address, password (stored only as a one-way hash), an optional avatar link and your onboarding answers.",
      "Messages you send through the contact form, and your e-mail address if you subscribe to the newsletter.",
    ],
  },
  {
    heading: "How we use it",
    paragraphs: [
      "To run your account, answer your enquiries, prepare quotes and — only if you subscribed — send the newsletter. We do not sell your data or use third-party advertising trackers.",
      "This site sets only the cookies it needs: your sign-in session, short-lived messages after a form, whether you dismissed the e-mail banner, and the language you chose.",
    ],
  },
  {
    heading: "Your rights",
    paragraphs: [
      "Under Kenya's Data Protection Act, 2019, you may ask to see, correct or delete your personal data, and object to its use. Write to {email} and we will answer within 30 days.",
      "You can change your name and avatar at any time on your profile page.",
    ],
  },
  {
    heading: "Keeping it safe",
    paragraphs: [
      "Data is stored with our database provider, protected by access rules that let each user read only their own records. We keep contact messages only as long as we need them to serve you.",
    ],
  },
];
