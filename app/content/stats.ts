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

/** Headline stats under the hero (spec §9); labels are message keys. */
export const heroStats = [
  { value: plus(agencyFigures.projects), label: "home.statProjects" },
  { value: plus(agencyFigures.clients), label: "home.statClients" },
  { value: plus(agencyFigures.years), label: "home.statYears" },
  { value: "24/7", label: "home.statSupport" },
] as const;

/** Stats of the about section: the same figures as the hero, and two promises. */
export const aboutStats = [
  { value: plus(agencyFigures.projects), label: "home.statProjectsCompleted" },
  { value: plus(agencyFigures.clients), label: "home.statHappyClients" },
  { value: agencyFigures.uptime, label: "home.statUptime" },
  { value: "", label: "home.statReplyTime" },
] as const;
