/**
 * Testimonials carousel state: `perSlide` items per slide, ceil(total / perSlide)
 * slides, next/previous wrap around, dots jump, and a lock ignores moves while a slide animates.
 */
export const PER_SLIDE = 3;
export const SLIDE_LOCK_MS = 500;

export interface CarouselState {
  slide: number;
  slideCount: number;
  /** Time (ms) until which moves are ignored. */
  lockedUntil: number;
}

export function slideCount(total: number, perSlide = PER_SLIDE): number {
  return Math.max(1, Math.ceil(total / perSlide));
}

/** Items of every slide, in order. */
export function chunkSlides<T>(items: readonly T[], perSlide = PER_SLIDE): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += perSlide) slides.push(items.slice(i, i + perSlide));
  return slides.length ? slides : [[]];
}

/** Slide index from a 1-based URL value (?slide=2); the first slide when missing or invalid. */
export function slideFromParam(value: string | null, count: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= count ? n - 1 : 0;
}

export function initialCarousel(total: number, slide = 0, perSlide = PER_SLIDE): CarouselState {
  const count = slideCount(total, perSlide);
  return { slide: Math.min(Math.max(slide, 0), count - 1), slideCount: count, lockedUntil: 0 };
}

export type CarouselAction =
  | { type: "next"; now: number }
  | { type: "prev"; now: number }
  | { type: "goto"; slide: number; now: number };

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  if (action.now < state.lockedUntil) return state;
  const { slideCount: count } = state;
  let slide: number;
  if (action.type === "next") slide = (state.slide + 1) % count;
  else if (action.type === "prev") slide = (state.slide - 1 + count) % count;
  else slide = action.slide;
  if (slide === state.slide || slide < 0 || slide >= count) return state;
  return { ...state, slide, lockedUntil: action.now + SLIDE_LOCK_MS };
}
