import { type CSSProperties, useEffect } from "react";
import { toast as sonner, Toaster } from "sonner";
import { useT } from "~/i18n/use-t";
import { SESSION_SUBJECT, type Toast } from "~/lib/toast";
import { setDisplay } from "./toast-bus";

/**
 * One sonner toast per subject: a new toast about the same thing takes the older one's place;
 * a session toast (sign-out) dismisses every other first.
 */
function show(toast: Toast) {
  if (toast.subject === SESSION_SUBJECT) sonner.dismiss();
  const id = toast.subject ? `subject:${toast.subject}` : toast.id;
  const options = { id, description: toast.description };
  if (toast.type === "loading") sonner.loading(toast.title, options);
  else sonner[toast.type](toast.title, options);
}

/**
 * sonner's rich colours with darker text: its defaults (e.g. green 27% lightness on a pale green)
 * fall short of WCAG AA contrast.
 */
const richColors = {
  "--success-text": "#065f46",
  "--info-text": "#075985",
  "--warning-text": "#78350f",
  "--error-text": "#991b1b",
} as CSSProperties;

/**
 * sonner, loaded only once a toast exists: 5000 ms, 3 visible, alt+T focuses the region. Its
 * region and close buttons are named in the page's language (sonner's own names are English).
 */
export default function SonnerToaster() {
  const t = useT();
  useEffect(() => setDisplay(show), []);
  return (
    <Toaster
      position="top-right"
      duration={5000}
      visibleToasts={3}
      hotkey={["altKey", "KeyT"]}
      richColors
      closeButton
      offset={80}
      style={richColors}
      containerAriaLabel={t("common.toastsLabel")}
      toastOptions={{ closeButtonAriaLabel: t("common.closeToast") }}
    />
  );
}
