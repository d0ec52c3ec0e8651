import type { ReactNode } from "react";
import { Toasts } from "~/components/toasts/toasts";
import type { Locale } from "~/i18n/locale";
import type { Toast } from "~/lib/toast";
import { AdminPage } from "../admin-page";

/**
 * The frame of the site editors: an admin page in the admin's language (the `lang` cookie;
 * the rest of the admin area and the site's shell keep theirs), with the action's toast.
 */
export function SiteEditorPage({
  locale,
  title,
  subtitle,
  toast,
  children,
}: {
  locale: Locale;
  title: string;
  subtitle?: string;
  toast?: Toast | null;
  children: ReactNode;
}) {
  return (
    <div lang={locale}>
      <AdminPage title={title} subtitle={subtitle}>
        <Toasts toasts={[toast]} />
        {children}
      </AdminPage>
    </div>
  );
}
