import { describe, expect, it } from "vitest";
import {
  carouselReducer,
  chunkSlides,
  initialCarousel,
  SLIDE_LOCK_MS,
  slideCount,
  slideFromParam,
} from "~/lib/carousel";

describe("carousel", () => {
  it("has ceil(total / 3) slides of 3", () => {
    expect(slideCount(6)).toBe(2);
    expect(slideCount(7)).toBe(3);
    expect(slideCount(0)).toBe(1);
    expect(chunkSlides([1, 2, 3, 4, 5, 6, 7])).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it("wraps next and previous", () => {
    let s = initialCarousel(6);
    s = carouselReducer(s, { type: "next", now: 1000 });
    expect(s.slide).toBe(1);
    s = carouselReducer(s, { type: "next", now: 2000 });
    expect(s.slide).toBe(0);
    s = carouselReducer(s, { type: "prev", now: 3000 });
    expect(s.slide).toBe(1);
  });

  it("ignores moves for 500 ms after a slide", () => {
    let s = initialCarousel(9);
    s = carouselReducer(s, { type: "next", now: 1000 });
    expect(s.lockedUntil).toBe(1000 + SLIDE_LOCK_MS);
    expect(carouselReducer(s, { type: "next", now: 1499 })).toBe(s);
    expect(carouselReducer(s, { type: "goto", slide: 2, now: 1200 }).slide).toBe(1);
    expect(carouselReducer(s, { type: "next", now: 1500 }).slide).toBe(2);
  });

  it("jumps to a dot's slide and ignores invalid or current ones", () => {
    const s = initialCarousel(9);
    expect(carouselReducer(s, { type: "goto", slide: 2, now: 0 }).slide).toBe(2);
    expect(carouselReducer(s, { type: "goto", slide: 0, now: 0 })).toBe(s);
    expect(carouselReducer(s, { type: "goto", slide: 5, now: 0 })).toBe(s);
  });

  it("reads the 1-based ?slide= of the no-JS dots", () => {
    expect(slideFromParam("2", 2)).toBe(1);
    expect(slideFromParam("3", 2)).toBe(0);
    expect(slideFromParam("abc", 2)).toBe(0);
    expect(slideFromParam(null, 2)).toBe(0);
    expect(initialCarousel(6, 1).slide).toBe(1);
  });
});
