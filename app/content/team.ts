/** The words of a team member, translated per language (`work.sw.ts`, `work.fr.ts`). */
export interface MemberText {
  role: string;
  bio: string;
}

/** A team member shown on the home page (anchor #team); authors of blog posts are among them. */
export interface TeamMember extends MemberText {
  name: string;
  avatar: string;
}

/** What a team card on the home page shows. */
export type TeamCardData = Pick<TeamMember, "name" | "role" | "avatar">;

export const team: TeamMember[] = [
  {
    name: "Brian Otieno",
    role: "Founder & Lead Developer",
    avatar: "/images/team/brian-otieno.svg",
    bio: "Brian has built websites and web applications for Kenyan businesses for over a decade. He leads our engineering team and writes about the web, AI and growing a business online.",
  },
  {
    name: "Amina Wanjiru",
    role: "Head of Design & Mobile",
    avatar: "/images/team/amina-wanjiru.svg",
    bio: "Amina designs mobile-first products for African markets and leads our app projects. She cares about fast, clear interfaces that work on every phone and every connection.",
  },
  {
    name: "David Kamau",
    role: "Cloud & Payments Engineer",
    avatar: "/images/team/david-kamau.svg",
    bio: "David runs our hosting platform and payment integrations, from M-Pesa checkouts to bank APIs. He writes about reliability, security and the infrastructure behind online stores.",
  },
  {
    name: "Grace Njeri",
    role: "Digital Marketing Lead",
    avatar: "/images/team/grace-njeri.svg",
    bio: "Grace plans search, social and SMS campaigns that bring measurable growth, and reports every month on what worked.",
  },
];

export const fallbackBio =
  "A member of our team of designers, developers and marketers helping African businesses grow online.";

/** The bio for a post's author (matched by name); a general line for unknown authors. */
export function authorBio(name: string): string {
  return team.find((m) => m.name === name)?.bio ?? fallbackBio;
}
