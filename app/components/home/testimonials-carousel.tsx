import { type MouseEvent, useLayoutEffect, useReducer, useState } from "react";
import { SvgIcon } from "~/components/icons";
import type { LocalTestimonial } from "~/domain/site/localize.server";
import { langOf } from "~/domain/site/translated";
import { useT } from "~/i18n/use-t";
import { carouselReducer, chunkSlides, initialCarousel } from "~/lib/carousel";
import { StarRating } from "./star-rating";

/**
 * Testimonials, 3 per slide. Previous/next and the dots are links (?slide=N#testimonials), so
 * without JS the server renders the chosen slide; with JS they move the track in place, wrapping
 * around, and ignore clicks for 500 ms while a slide moves. Inactive slides are dimmed and inert.
 */
/**
 * True while a slide moves (clicks are ignored then): exposed as `data-moving` for tests. A
 * layout effect, so the page never shows the new slide with `data-moving="false"` (a passive
 * effect left a moment where a test read "settled" and its next click was ignored).
 */
function useMoving(lockedUntil: number): boolean {
  const [moving, setMoving] = useState(false);
  useLayoutEffect(() => {
    const left = lockedUntil - performance.now();
    if (left <= 0) return;
    setMoving(true);
    const timer = setTimeout(() => setMoving(false), left);
    return () => clearTimeout(timer);
  }, [lockedUntil]);
  return moving;
}

export function TestimonialsCarousel({
  testimonials,
  initialSlide,
}: {
  testimonials: readonly LocalTestimonial[];
  initialSlide: number;
}) {
  const slides = chunkSlides(testimonials);
  const [state, dispatch] = useReducer(
    carouselReducer,
    initialCarousel(testimonials.length, initialSlide),
  );
  const moving = useMoving(state.lockedUntil);
  const t = useT();
  const count = state.slideCount;
  const href = (index: number) => `?slide=${index + 1}#testimonials`;
  const go = (event: MouseEvent, slide: number) => {
    event.preventDefault();
    dispatch({ type: "goto", slide, now: performance.now() });
  };
  const step = (event: MouseEvent, type: "next" | "prev") => {
    event.preventDefault();
    dispatch({ type, now: performance.now() });
  };
  const arrow =
    "flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-800 hover:bg-slate-100";
  return (
    <section
      id="testimonials"
      aria-roledescription="carousel"
      aria-labelledby="testimonials-heading"
      data-moving={moving ? "true" : "false"}
      className="mt-20"
    >
      <h3 id="testimonials-heading" className="text-center text-2xl font-bold text-slate-900">
        {t("home.testimonialsTitle")}
      </h3>
      {t.locale === "en" ? null : (
        <p className="mt-2 text-center text-sm text-slate-600">{t("home.testimonialsNote")}</p>
      )}
      <div className="mt-8 overflow-hidden">
        <ul
          className="flex transition-transform duration-500 ease-out"
          style={{ transform: `translateX(-${state.slide * 100}%)` }}
          aria-live="polite"
        >
          {slides.map((items, index) => {
            const active = index === state.slide;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are fixed positions
                key={index}
                aria-roledescription="slide"
                aria-label={t("home.slideLabel", { n: index + 1, count })}
                aria-hidden={active ? undefined : true}
                inert={!active}
                data-active={active ? "true" : "false"}
                className={`grid w-full shrink-0 gap-6 px-1 transition-opacity duration-500 md:grid-cols-3 ${
                  active ? "opacity-100" : "opacity-40"
                }`}
              >
                {items.map((item) => (
                  <TestimonialCard key={item.name} testimonial={item} />
                ))}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="mt-8 flex items-center justify-center gap-4">
        <a
          href={href((state.slide - 1 + count) % count)}
          className={arrow}
          onClick={(e) => step(e, "prev")}
        >
          <SvgIcon name="chevronLeft" />
          <span className="sr-only">{t("home.previousSlides")}</span>
        </a>
        <ol className="flex gap-1" aria-label={t("home.chooseSlide")}>
          {slides.map((_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
            <li key={index}>
              <a
                href={href(index)}
                onClick={(e) => go(e, index)}
                aria-current={index === state.slide ? "true" : undefined}
                className="flex h-11 w-11 items-center justify-center"
              >
                <span
                  className={`block h-3 rounded-full transition-all ${
                    index === state.slide ? "w-8 bg-brand-700" : "w-3 bg-slate-400"
                  }`}
                />
                <span className="sr-only">{t("home.goToSlide", { n: index + 1 })}</span>
              </a>
            </li>
          ))}
        </ol>
        <a
          href={href((state.slide + 1) % count)}
          className={arrow}
          onClick={(e) => step(e, "next")}
        >
          <SvgIcon name="chevronRight" />
          <span className="sr-only">{t("home.nextSlides")}</span>
        </a>
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: LocalTestimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <StarRating rating={testimonial.rating} />
      {/* A testimonial keeps the language its author wrote it in unless it was translated. */}
      <blockquote lang={langOf(testimonial, "content")} className="mt-4 flex-1 text-slate-700">
        “{testimonial.content}”
      </blockquote>
      <figcaption className="mt-4">
        <span className="block font-semibold text-slate-900">{testimonial.name}</span>
        <span className="block text-sm text-slate-600">{testimonial.company}</span>
      </figcaption>
    </figure>
  );
}
