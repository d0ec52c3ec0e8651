/**
 * The agency's figures, in one place: the hero and the about section both read them, so the
 * home page never contradicts itself (the spec's about figures, 500+ and 150+, disagreed with
 * its hero's; the hero's are the ones kept).
 */
export const agencyFigures = {
  projects: 100,
  clients: 50,
  years: 5,
  uptime: "99.9%",
  replyHours: 24,
} as const;

const plus = (n: number) => `${n}+`;

/** Headline stats under the hero (spec §9). */
export const heroStats = [
  { value: plus(agencyFigures.projects), label: "Projects" },
  { value: plus(agencyFigures.clients), label: "Clients" },
  { value: plus(agencyFigures.years), label: "Years" },
  { value: "24/7", label: "Support" },
];

/** Stats of the about section: the same figures as the hero, and two promises. */
export const aboutStats = [
  { value: plus(agencyFigures.projects), label: "Projects Completed" },
  { value: plus(agencyFigures.clients), label: "Happy Clients" },
  { value: agencyFigures.uptime, label: "Hosting Uptime" },
  { value: `${agencyFigures.replyHours}h`, label: "Reply Time" },
];
