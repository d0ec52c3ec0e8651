import { type ReactNode, useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useT } from "~/i18n/use-t";

/**
 * With JS: a button that copies the current address and alerts 'Link copied to clipboard!'.
 * Without JS: the address in a read-only field, ready to select and copy.
 */
export function CopyLink({ url, icon }: { url: string; icon: ReactNode }) {
  const hydrated = useHydrated();
  const t = useT();
  const id = useId();
  if (!hydrated) {
    return (
      <div className="w-56 max-w-full">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {t("blog.linkToArticle")}
        </label>
        <input
          id={id}
          readOnly
          value={url}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-slate-100 px-2 py-1.5 text-sm text-slate-900"
        />
      </div>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
    } catch {
      // Clipboard refused (permissions): the address bar still has the link.
    }
    window.alert(t("blog.copied"));
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:border-brand-700 hover:text-brand-700"
    >
      {icon}
      <span className="sr-only">{t("blog.copyLink")}</span>
    </button>
  );
}
