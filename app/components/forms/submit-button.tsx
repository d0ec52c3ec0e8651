import type { ButtonHTMLAttributes, ReactNode } from "react";
import { type FetcherLike, useIsPending } from "./use-pending";

export const submitButtonClass =
  "inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70";

/**
 * A real submit button that shows `pendingLabel` and is disabled while its form submits (the
 * page's form, another `action`, or a `fetcher`'s).
 */
export function SubmitButton({
  children,
  pendingLabel,
  action,
  fetcher,
  className = "",
  ...props
}: {
  children: ReactNode;
  pendingLabel: string;
  action?: string;
  fetcher?: FetcherLike;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const submitting = useIsPending({ action, fetcher });
  return (
    <button
      type="submit"
      disabled={submitting || props.disabled}
      aria-busy={submitting || undefined}
      className={`${submitButtonClass} ${className}`}
      {...props}
    >
      {submitting ? pendingLabel : children}
    </button>
  );
}
