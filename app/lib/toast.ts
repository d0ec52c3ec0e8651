export type ToastType = "success" | "info" | "warning" | "error" | "loading";

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  /**
   * What the toast is about (`admin-rights:<user id>`, `message:<id>`, a page's path): a new
   * toast replaces the ones still shown about the same subject, so "granted" never lingers
   * beside "revoked". `SESSION_SUBJECT` (sign-out) replaces every toast.
   */
  subject?: string;
}

/** The subject of sign-in and sign-out toasts: nothing said before them is shown after. */
export const SESSION_SUBJECT = "session";
