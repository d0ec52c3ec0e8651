import type { SVGProps } from "react";
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * Local SVG icons from one sprite (`icons.svg`: a hashed, immutable asset the browser fetches
 * once), referenced with `<use>`: each icon costs the page one short element instead of its
 * paths. Stroke style comes from the `.icon` class (app.css), so `fill-*`/`text-*` utilities
 * still colour it. Decorative (aria-hidden) unless given a `title`.
 */
export const ICON_NAMES = [
  "menu",
  "close",
  "phone",
  "mail",
  "mapPin",
  "chat",
  "arrowLeft",
  "arrowRight",
  "chevronDown",
  "chevronLeft",
  "chevronRight",
  "check",
  "star",
  "globe",
  "smartphone",
  "code",
  "server",
  "message",
  "trendingUp",
  "palette",
  "bot",
  "user",
  "eye",
  "eyeOff",
  "link",
  "play",
  "calendar",
  "clock",
  "plus",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** A stored icon name (a service's) as one of the sprite's; `globe` for a name it lacks. */
export function iconNamed(name: string): IconName {
  return (ICON_NAMES as readonly string[]).includes(name) ? (name as IconName) : "globe";
}

type IconProps = SVGProps<SVGSVGElement> & { name: IconName; title?: string };

export function SvgIcon({ name, title, className, ...props }: IconProps) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: decorative icons are aria-hidden; labelled ones get a <title>
    <svg
      width="24"
      height="24"
      className={className ? `icon ${className}` : "icon"}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
