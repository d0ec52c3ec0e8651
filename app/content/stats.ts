/** Headline stats under the hero (spec §9). */
export const heroStats = [
  { value: "100+", label: "Projects" },
  { value: "50+", label: "Clients" },
  { value: "5+", label: "Years" },
  { value: "24/7", label: "Support" },
];

/** Stats of the about section (spec §9 gives these figures as they are). */
export const aboutStats = [
  { value: "500+", label: "Projects Completed" },
  { value: "150+", label: "Happy Clients" },
  { value: "99.9%", label: "Hosting Uptime" },
  { value: "24h", label: "Reply Time" },
];
