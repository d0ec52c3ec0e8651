import { lazy, Suspense, useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Toast, ToastType } from "~/lib/toast";
import { notify, onDemand } from "./toast-bus";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

const tone: Record<ToastType, string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
  loading: "border-slate-300 bg-slate-50 text-slate-900",
};

/**
 * Shows toasts. In server HTML (and so without JS) they are an accessible status region in the
 * page's flow — never over the heading or anything else; once hydrated they go to sonner.
 */
export function Toasts({
  toasts,
  className = "",
}: {
  toasts: (Toast | null | undefined)[];
  className?: string;
}) {
  const hydrated = useHydrated();
  const list = toasts.filter((t): t is Toast => Boolean(t));
  useEffect(() => {
    if (hydrated) for (const toast of list) notify(toast);
  });
  if (hydrated || list.length === 0) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center gap-2 px-4 ${className}`}
    >
      {list.map((toast) => (
        <div
          key={toast.id}
          className={`w-full max-w-sm rounded-lg border px-4 py-3 shadow ${tone[toast.type]}`}
        >
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="text-sm">{toast.description}</p> : null}
        </div>
      ))}
    </div>
  );
}

/** Mounted once in the root: loads sonner the first time a toast is raised. */
export function ToasterHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onDemand(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
