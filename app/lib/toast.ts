export type ToastType = "success" | "info" | "warning" | "error" | "loading";

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
}
