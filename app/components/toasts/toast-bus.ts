import { SESSION_SUBJECT, type Toast } from "~/lib/toast";

type Display = (toast: Toast) => void;
let display: Display | null = null;
const pending: Toast[] = [];
const demand = new Set<() => void>();
const shown = new Set<string>();

/** Hands a toast to the (lazily loaded) sonner toaster; each id is shown once. */
export function notify(toast: Toast): void {
  if (shown.has(toast.id)) return;
  shown.add(toast.id);
  if (display) {
    display(toast);
    return;
  }
  if (toast.subject === SESSION_SUBJECT) pending.length = 0;
  pending.push(toast);
  for (const wake of demand) wake();
}

/** The toaster registers itself here and receives what was raised before it loaded. */
export function setDisplay(next: Display): () => void {
  display = next;
  for (const toast of pending.splice(0)) next(toast);
  return () => {
    display = null;
  };
}

/** Called when a toast is waiting and no toaster is mounted yet. */
export function onDemand(wake: () => void): () => void {
  demand.add(wake);
  if (pending.length > 0) wake();
  return () => demand.delete(wake);
}
