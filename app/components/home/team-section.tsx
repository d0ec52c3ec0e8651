import type { TeamCard } from "~/domain/site/content.server";
import type { LocalTestimonial } from "~/domain/site/localize.server";
import { photoFocusClass } from "~/domain/site/photo-focus";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { MediaPicture } from "../media/media-picture";
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
            {/* Cropped to fill the round frame around the part the admin chose (the centre
                unless they did), never stretched; an upload in the same responsive
                AVIF/WebP/JPEG variants as blog covers. */}
            <MediaPicture
              src={member.photo}
              sizes="112px"
              width={112}
              height={112}
              className={`mx-auto h-28 w-28 rounded-full object-cover ${photoFocusClass(member.photoFocus)}`}
            />
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
