import type { TeamCard } from "~/domain/site/content.server";
import type { LocalTestimonial } from "~/domain/site/localize.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { HomeSection } from "./section";
import { TestimonialsCarousel } from "./testimonials-carousel";

export function TeamSection({
  team,
  testimonials,
  initialSlide,
}: {
  team: readonly TeamCard[];
  testimonials: readonly LocalTestimonial[];
  initialSlide: number;
}) {
  const t = useT();
  return (
    <HomeSection id="team" title={t("home.teamTitle")} intro={t("home.teamIntro")} tone="muted">
      <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {team.map((member) => (
          <li key={member.name} className="rounded-2xl bg-white p-6 text-center shadow-sm">
            {member.photo ? (
              <img
                src={member.photo}
                alt=""
                width={128}
                height={128}
                loading="lazy"
                decoding="async"
                className="mx-auto h-28 w-28 rounded-full"
              />
            ) : null}
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{member.name}</h3>
            <p className="text-sm font-medium text-brand-700" lang={langOf(member, "role")}>
              {member.role}
            </p>
          </li>
        ))}
      </ul>
      <TestimonialsCarousel testimonials={testimonials} initialSlide={initialSlide} />
    </HomeSection>
  );
}
