import type { ReactNode } from "react";
import { Toasts } from "~/components/toasts/toasts";
import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import type { Toast } from "~/lib/toast";
import { AdminPage } from "../admin-page";

/**
 * The frame of the site editors: an admin page in the admin's language (the `lang` cookie;
 * the rest of the admin area and the site's shell keep theirs), with the action's toast and, on
 * an editor, a "Skip to the form" link first in the content (past the admin's tab bar).
 */
export function SiteEditorPage({
  locale,
  title,
  subtitle,
  toast,
  skipTo,
  children,
}: {
  /** An editor's first field (its id): "Skip to the form" comes first in the page's content. */
  skipTo?: string | null;
  locale: Locale;
  title: string;
  subtitle?: string;
  toast?: Toast | null;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div lang={locale}>
      {skipTo ? (
        <a
          href={`#${skipTo}`}
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow"
        >
          {t("siteEditor.form.skipToForm")}
        </a>
      ) : null}
      <AdminPage title={title} subtitle={subtitle}>
        <Toasts toasts={[toast]} />
        {children}
      </AdminPage>
    </div>
  );
}
