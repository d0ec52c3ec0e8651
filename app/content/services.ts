import type { IconName } from "~/components/icons";

/** The words of a service, translated per language (`services.sw.ts`, `services.fr.ts`). */
export interface ServiceText {
  title: string;
  description: string;
  longDescription: string;
  cta: string;
  features: string[];
  process: { title: string; description: string }[];
  technologies: string[];
}

/** A price in Kenyan shillings, formatted per language (`app/i18n/format.server.ts`). */
export interface Price {
  min: number;
  max?: number;
  per?: "year" | "month" | "sms";
}

/** A service as stored here (English words, a numeric price). */
export interface ServiceData extends ServiceText {
  id: string;
  icon: IconName;
  image: string;
  price: Price;
}

/** A service as pages get it (spec §3 "Service"): words and price range in the page's language. */
export interface Service extends Omit<ServiceData, "price"> {
  priceRange: string;
}

/** What a service card shows (the home page and /services send only this to the browser). */
export type ServiceCardData = Pick<Service, "id" | "icon" | "title" | "description">;

/** The 8 services (spec §1, §2 and the Ksh price ranges of §9); `id` is their route segment. */
export const services: ServiceData[] = [
  {
    id: "web-development",
    title: "Web Development",
    icon: "globe",
    description:
      "Fast, secure and mobile-friendly websites and web applications that turn visitors into customers.",
    longDescription:
      "From a five-page company site to a full online store with M-Pesa checkout, we design and build websites that load quickly on any phone, rank well in search and are easy for your team to update. Every project is built on modern, maintainable technology and handed over with training and documentation.",
    price: { min: 50_000, max: 300_000 },
    cta: "Start Your Website",
    image: "/images/services/web-development.svg",
    features: [
      "Responsive design for phones, tablets and desktops",
      "Search engine optimisation from day one",
      "Content management your team can use",
      "M-Pesa, card and bank payment integration",
      "Analytics and conversion tracking",
    ],
    process: [
      { title: "Discovery", description: "We learn your goals, customers and competitors." },
      { title: "Design", description: "Wireframes and visual designs you approve." },
      { title: "Build", description: "Development with weekly progress reviews." },
      { title: "Launch", description: "Testing, go-live and training for your team." },
    ],
    technologies: ["React", "TypeScript", "Node.js", "PostgreSQL", "Tailwind CSS", "WordPress"],
  },
  {
    id: "mobile-app-development",
    title: "Mobile App Development",
    icon: "smartphone",
    description:
      "Native and cross-platform Android and iOS apps that your customers will love to use every day.",
    longDescription:
      "We build mobile apps that work well on entry-level Android phones and flagship iPhones alike, stay usable on slow or patchy connections, and integrate with the payment and messaging services your customers already use. We handle store listings, releases and ongoing updates.",
    price: { min: 150_000, max: 1_000_000 },
    cta: "Build Your App",
    image: "/images/services/mobile-app-development.svg",
    features: [
      "Android and iOS from one code base",
      "Offline-first data and sync",
      "Push notifications and SMS fallback",
      "M-Pesa and card payments in the app",
      "Play Store and App Store publishing",
    ],
    process: [
      { title: "Strategy", description: "Define users, features and a release plan." },
      { title: "Prototype", description: "A clickable prototype to test with real users." },
      { title: "Development", description: "Sprints with a test build every week." },
      { title: "Release", description: "Store submission, monitoring and updates." },
    ],
    technologies: ["React Native", "Flutter", "Kotlin", "Swift", "Firebase", "REST & GraphQL APIs"],
  },
  {
    id: "software-development",
    title: "Software Development",
    icon: "code",
    description:
      "Custom business software — ERPs, portals and internal tools — built around the way you work.",
    longDescription:
      "When off-the-shelf software does not fit, we build systems that match your processes: inventory and point of sale, school and hospital management, logistics dashboards and customer portals. We integrate with your existing tools and keep your data secure and backed up.",
    price: { min: 200_000, max: 1_500_000 },
    cta: "Discuss Your Project",
    image: "/images/services/software-development.svg",
    features: [
      "Requirements analysis and process mapping",
      "Role-based access and audit trails",
      "Integration with KRA eTIMS, M-Pesa and banks",
      "Reports and dashboards",
      "Support and maintenance plans",
    ],
    process: [
      { title: "Analysis", description: "Map your workflows and define the requirements." },
      { title: "Architecture", description: "Choose the data model, hosting and integrations." },
      { title: "Iterative build", description: "Deliver working modules every two weeks." },
      { title: "Rollout", description: "Data migration, staff training and support." },
    ],
    technologies: ["TypeScript", "Python", "Django", "PostgreSQL", "Docker", "AWS"],
  },
  {
    id: "web-hosting",
    title: "Web Hosting",
    icon: "server",
    description:
      "Reliable, secure hosting with 99.9% uptime, daily backups and local support when you need it.",
    longDescription:
      "Your website is only useful when it is online. Our managed hosting keeps sites fast and available with 99.9% uptime, free SSL certificates, daily backups, malware scanning and e-mail accounts on your own domain — with a team in Nairobi that answers within 24 hours.",
    price: { min: 10_000, max: 100_000, per: "year" },
    cta: "Choose a Hosting Plan",
    image: "/images/services/web-hosting.svg",
    features: [
      "99.9% uptime guarantee",
      "Free SSL certificates",
      "Daily backups with one-click restore",
      "Business e-mail on your domain",
      "Domain registration (.co.ke, .com and more)",
    ],
    process: [
      { title: "Choose a plan", description: "Pick the storage and traffic you need." },
      { title: "Migrate", description: "We move your existing site and e-mail for free." },
      { title: "Go live", description: "DNS switch with no downtime." },
      { title: "Monitor", description: "Round-the-clock monitoring and updates." },
    ],
    technologies: ["Linux", "Nginx", "cPanel", "Cloudflare", "Let's Encrypt", "MySQL"],
  },
  {
    id: "bulk-sms",
    title: "Bulk SMS",
    icon: "message",
    description:
      "Reach thousands of customers instantly with branded bulk SMS, reminders and two-way messaging.",
    longDescription:
      "SMS reaches every phone, with or without data. Send promotions, appointment reminders, payment confirmations and alerts under your own sender ID, schedule campaigns, personalise messages and track delivery — from a simple dashboard or through our API.",
    price: { min: 0.7, per: "sms" },
    cta: "Start Sending",
    image: "/images/services/bulk-sms.svg",
    features: [
      "Branded sender ID",
      "Personalised messages from a spreadsheet",
      "Scheduling and delivery reports",
      "Two-way SMS and short codes",
      "Developer API and integrations",
    ],
    process: [
      { title: "Register", description: "Set up your account and sender ID." },
      { title: "Import contacts", description: "Upload lists and create groups." },
      { title: "Send", description: "Compose, personalise and schedule campaigns." },
      { title: "Measure", description: "Track delivery and replies in real time." },
    ],
    technologies: ["SMS gateway API", "Webhooks", "USSD", "Short codes", "CSV import"],
  },
  {
    id: "digital-marketing",
    title: "Digital Marketing",
    icon: "trendingUp",
    description:
      "SEO, social media and paid campaigns that grow your audience and bring measurable results.",
    longDescription:
      "We plan and run campaigns that bring the right customers to your business: search engine optimisation, Google and Meta ads, social media management, content and e-mail marketing. Every shilling is tracked, and you get a clear monthly report of what worked.",
    price: { min: 30_000, max: 300_000, per: "month" },
    cta: "Grow Your Business",
    image: "/images/services/digital-marketing.svg",
    features: [
      "Search engine optimisation (SEO)",
      "Google and Meta advertising",
      "Social media management",
      "Content and e-mail marketing",
      "Monthly performance reports",
    ],
    process: [
      { title: "Audit", description: "Review your current presence and competitors." },
      { title: "Plan", description: "Set goals, channels and a monthly budget." },
      { title: "Execute", description: "Run campaigns and publish content." },
      { title: "Optimise", description: "Measure, report and improve every month." },
    ],
    technologies: ["Google Ads", "Meta Ads", "Google Analytics", "Search Console", "Mailchimp"],
  },
  {
    id: "graphic-design",
    title: "Graphic Design",
    icon: "palette",
    description:
      "Logos, brand identities and marketing materials that make your business memorable.",
    longDescription:
      "A strong brand builds trust before a customer reads a word. We design logos, brand guidelines, company profiles, packaging, social media graphics and print materials that look professional everywhere your customers meet you.",
    price: { min: 5_000, max: 50_000 },
    cta: "Design Your Brand",
    image: "/images/services/graphic-design.svg",
    features: [
      "Logo and brand identity design",
      "Brand guidelines",
      "Company profiles and brochures",
      "Social media graphics",
      "Print-ready files for any printer",
    ],
    process: [
      { title: "Brief", description: "Understand your brand, audience and style." },
      { title: "Concepts", description: "Two or three directions to choose from." },
      { title: "Refine", description: "Revisions until it is exactly right." },
      { title: "Deliver", description: "All files in every format you need." },
    ],
    technologies: ["Figma", "Adobe Illustrator", "Adobe Photoshop", "InDesign", "Canva"],
  },
  {
    id: "ai-chatbot-assistants",
    title: "AI Chatbot Assistants",
    icon: "bot",
    description:
      "AI assistants that answer customers around the clock on your website and WhatsApp.",
    longDescription:
      "An AI assistant trained on your products, prices and policies answers common questions in English and Swahili at any hour, books appointments, takes orders and hands complex conversations to your team — on your website, WhatsApp and Facebook Messenger.",
    price: { min: 80_000, max: 500_000 },
    cta: "Get Your Assistant",
    image: "/images/services/ai-chatbot-assistants.svg",
    features: [
      "Answers in English and Swahili",
      "Website, WhatsApp and Messenger channels",
      "Trained on your own documents",
      "Hand-over to a human agent",
      "Conversation analytics",
    ],
    process: [
      { title: "Collect", description: "Gather your FAQs, documents and policies." },
      { title: "Train", description: "Configure and test the assistant on your content." },
      { title: "Integrate", description: "Connect your website and messaging channels." },
      { title: "Improve", description: "Review conversations and refine answers." },
    ],
    technologies: ["OpenAI API", "LangChain", "WhatsApp Business API", "Python", "Vector search"],
  },
];

/** The English title of the service with this id (the agency's inbox and mails), if any. */
export function findServiceTitle(id: string): string | undefined {
  return services.find((s) => s.id === id)?.title;
}
