import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import { dangerButton, primaryButton, secondaryButton } from "./admin-page";

/**
 * The second step of a consequential action, as a panel of its own (reached by a link, so it
 * works without JS): what will happen, the confirming POST button, and Cancel.
 */
export function ConfirmStep({
  title,
  children,
  fields,
  confirmLabel,
  pendingLabel,
  cancelTo,
  cancelLabel = "Cancel",
  tone = "danger",
}: {
  title: string;
  children: ReactNode;
  fields: Record<string, string>;
  confirmLabel: string;
  pendingLabel: string;
  cancelTo: string;
  cancelLabel?: string;
  tone?: "danger" | "neutral";
}) {
  const danger = tone === "danger";
  const pending = useIsPending();
  return (
    <section
      aria-labelledby="confirm-heading"
      className={`mb-8 rounded-lg border p-6 ${danger ? "border-red-200 bg-red-50" : "border-brand-200 bg-brand-50"}`}
    >
      <h2 id="confirm-heading" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-slate-900">{children}</div>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className={danger ? dangerButton : primaryButton}
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? pendingLabel : confirmLabel}
        </button>
        <Link to={cancelTo} className={secondaryButton}>
          {cancelLabel}
        </Link>
      </Form>
    </section>
  );
}

/** "No rows" for an admin list. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{children}</p>
  );
}

/** A load error in place of a list. */
export function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-6 font-medium text-red-700">
      {message}
    </p>
  );
}
