/** Portfolio categories of the /portfolio filter (spec §2), with their URL values. */
export const portfolioCategories = [
  { slug: "web-development", label: "Web Development" },
  { slug: "mobile-development", label: "Mobile Development" },
  { slug: "software-development", label: "Software Development" },
] as const;

export type PortfolioCategory = (typeof portfolioCategories)[number]["label"];

/** The words of a project, translated per language (`work.sw.ts`, `work.fr.ts`). */
export interface ProjectText {
  title: string;
  description: string;
  challenge: string;
  outcome: string;
}

/** A client project (spec §3 "Portfolio project"), with the extra text of its details view. */
export interface PortfolioProject extends ProjectText {
  slug: string;
  /** The filter category (its English name, the value the filter compares). */
  category: PortfolioCategory;
  /** The category as shown, in the page's language. */
  categoryLabel?: string;
  client: string;
  image: string;
  tags: string[];
}

/** The 6 projects of /portfolio. */
export const portfolioProjects: PortfolioProject[] = [
  {
    slug: "e-commerce-platform",
    title: "E-commerce Platform",
    category: "Web Development",
    client: "Savannah Fresh Grocers",
    image: "/images/portfolio/e-commerce-platform.svg",
    description:
      "An online grocery store with M-Pesa checkout, delivery slots and a stock dashboard.",
    tags: ["React", "Node.js", "M-Pesa", "PostgreSQL"],
    challenge:
      "Orders arrived by phone and WhatsApp, stock was tracked on paper and payments were hard to reconcile.",
    outcome:
      "Online orders now make up 40% of sales, and every payment is matched to an order automatically.",
  },
  {
    slug: "mobile-banking-app",
    title: "Mobile Banking App",
    category: "Mobile Development",
    client: "Harambee Savings Sacco",
    image: "/images/portfolio/mobile-banking-app.svg",
    description:
      "A secure Android and iOS app for Sacco members to save, borrow and check statements.",
    tags: ["Flutter", "Biometrics", "M-Pesa", "REST API"],
    challenge: "Members queued at branches for simple balance checks and loan applications.",
    outcome: "Over 12,000 members use the app monthly and branch queues have fallen by half.",
  },
  {
    slug: "restaurant-management-system",
    title: "Restaurant Management System",
    category: "Software Development",
    client: "Mama Oliech Kitchen",
    image: "/images/portfolio/restaurant-management-system.svg",
    description:
      "Orders, kitchen display, inventory and daily reports for a busy multi-branch restaurant.",
    tags: ["TypeScript", "PostgreSQL", "Point of Sale", "Reports"],
    challenge:
      "Paper tickets got lost between waiters and the kitchen, and stock ran out unnoticed.",
    outcome: "Orders reach the kitchen instantly and month-end reports take minutes, not days.",
  },
  {
    slug: "healthcare-patient-portal",
    title: "Healthcare Patient Portal",
    category: "Web Development",
    client: "Coast Dental Clinic",
    image: "/images/portfolio/healthcare-patient-portal.svg",
    description:
      "Online booking, SMS reminders and secure access to treatment plans for clinic patients.",
    tags: ["React", "Bulk SMS", "Accessibility", "Security"],
    challenge: "Missed appointments and phone bookings took up the reception team's day.",
    outcome: "No-shows dropped by 35% within three months of launching SMS reminders.",
  },
  {
    slug: "logistics-tracking-platform",
    title: "Logistics Tracking Platform",
    category: "Software Development",
    client: "Lakeside Logistics",
    image: "/images/portfolio/logistics-tracking-platform.svg",
    description:
      "Live parcel tracking, driver routes and proof of delivery for a regional courier.",
    tags: ["Python", "Maps", "Mobile", "Dashboards"],
    challenge: "Customers called constantly to ask where their parcels were.",
    outcome: "Customers follow deliveries themselves and support calls fell by half.",
  },
  {
    slug: "educational-learning-platform",
    title: "Educational Learning Platform",
    category: "Mobile Development",
    client: "Rift Valley Academy of Skills",
    image: "/images/portfolio/educational-learning-platform.svg",
    description:
      "Courses, quizzes and offline video lessons for students learning on their phones.",
    tags: ["React Native", "Offline-first", "Video", "Quizzes"],
    challenge: "Students in rural areas could not stream lessons on slow, expensive data.",
    outcome: "Lessons download once and play offline; course completion rose by 60%.",
  },
];

/** The category with this URL value, or undefined for "All". */
export function portfolioCategoryBySlug(slug: string | null) {
  return portfolioCategories.find((c) => c.slug === slug);
}

/** A highlight of recent work on the home page (anchor #portfolio). */
export interface HomePortfolioItem {
  title: string;
  category: string;
  image: string;
  description: string;
}
