import type { ReactNode } from "react";
import { PageHeading } from "~/components/page-heading";
import { AdminNav } from "./admin-nav";

/** Frame of every admin screen: the page title block, the admin navigation, the content. */
export function AdminPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeading title={title} subtitle={subtitle} />
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <AdminNav />
        {children}
      </div>
    </>
  );
}

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70";
export const primaryButton = `${buttonClass} bg-brand-700 text-white hover:bg-brand-800`;
export const secondaryButton = `${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
/**
 * The Save bar of a long form (the site editors, the post editor): stuck to the bottom of the
 * screen while the form is on it, so Save is in reach on a phone wherever the admin is in the
 * form (CSS only: `position: sticky` within the form). It spans the page's padding.
 */
export const saveBar =
  "sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] sm:-mx-6 sm:px-6";
export const dangerButton = `${buttonClass} bg-red-700 text-white hover:bg-red-800`;
/**
 * A text link; a block at least 24 × 24 px so a finger can hit it (WCAG 2.2 target size), also
 * when its text is a two-letter name ("AI").
 */
export const linkClass =
  "inline-block min-h-6 min-w-6 py-0.5 font-semibold text-brand-700 underline-offset-2 hover:underline";

/**
 * A table that stacks on phones: below `sm` each row is a card and each cell shows its column
 * name (the cell's `data-label`) before the value, so nothing scrolls sideways at 360 px.
 */
export const stacked = {
  frame: "rounded-lg border border-slate-200 bg-white shadow-sm",
  table: "w-full text-left text-sm",
  head: "bg-slate-50 text-slate-800 max-sm:sr-only",
  th: "px-4 py-3 font-semibold",
  row: "block border-b border-slate-200 py-2 last:border-b-0 sm:table-row sm:py-0",
  cell: "flex min-w-0 gap-3 px-4 py-1 [overflow-wrap:anywhere] before:w-24 before:shrink-0 before:font-semibold before:text-slate-700 before:content-[attr(data-label)] sm:table-cell sm:border-t sm:border-slate-200 sm:py-3 sm:before:content-none",
} as const;
