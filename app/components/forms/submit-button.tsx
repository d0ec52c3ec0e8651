import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useFormAction, useNavigation } from "react-router";

/** True while this page's form (or the given action) is being submitted. */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  const formAction = useFormAction(action);
  return navigation.state === "submitting" && navigation.formAction === formAction;
}

/** A real submit button that shows `pendingLabel` and is disabled while its form submits. */
export function SubmitButton({
  children,
  pendingLabel,
  action,
  className = "",
  ...props
}: {
  children: ReactNode;
  pendingLabel: string;
  action?: string;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const submitting = useIsSubmitting(action);
  return (
    <button
      type="submit"
      disabled={submitting || props.disabled}
      aria-busy={submitting || undefined}
      className={`inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
      {...props}
    >
      {submitting ? pendingLabel : children}
    </button>
  );
}
