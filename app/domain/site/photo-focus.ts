/**
 * The part of a team member's photo kept when it is cropped to fill the round frame (issue 44,
 * item 5): one of nine positions, as the admin picks it in the team editor (isomorphic). The
 * database holds the same values (supabase/migrations/20261219200001_team_photo_focus.sql).
 */
export const PHOTO_FOCUS = [
  "center",
  "top",
  "bottom",
  "left",
  "right",
  "top-left",
  "top-right",
  "bottom-left",
  "bottom-right",
] as const;
export type PhotoFocus = (typeof PHOTO_FOCUS)[number];

/** The CSS `object-position` of each choice, as Tailwind classes written out in full. */
const CLASSES: Record<PhotoFocus, string> = {
  center: "object-center",
  top: "object-top",
  bottom: "object-bottom",
  left: "object-left",
  right: "object-right",
  "top-left": "object-left-top",
  "top-right": "object-right-top",
  "bottom-left": "object-left-bottom",
  "bottom-right": "object-right-bottom",
};

/** A stored or typed value as a choice: anything else (null, an older snapshot) is the centre. */
export function photoFocusOf(value: unknown): PhotoFocus {
  return PHOTO_FOCUS.includes(value as PhotoFocus) ? (value as PhotoFocus) : "center";
}

/** The class that crops a photo to `focus` (with `object-cover`). */
export function photoFocusClass(focus: unknown): string {
  return CLASSES[photoFocusOf(focus)];
}
