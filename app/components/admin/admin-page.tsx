import type { ReactNode } from "react";
import { PageHeading } from "~/components/page-heading";

/** Frame of every admin screen: the page title block, then a centred content column. */
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
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">{children}</div>
    </>
  );
}

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70";
export const primaryButton = `${buttonClass} bg-brand-700 text-white hover:bg-brand-800`;
export const secondaryButton = `${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
export const dangerButton = `${buttonClass} bg-red-700 text-white hover:bg-red-800`;
