import type { Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";
import { linkClass } from "../admin-page";
import { formatCount } from "./format";

/**
 * How many events the period did not count (caps, floods, refused or lost batches), with the
 * way to the reasons; nothing when every event was counted.
 */
export function NotCountedNote({
  locale,
  count,
  href,
}: {
  locale: Locale;
  count: number;
  href: string;
}) {
  const t = useT();
  if (count === 0) return null;
  return (
    <p className="-mt-4 mb-8 text-slate-700">
      {t.rich(
        "adminAnalytics.summary.notCounted",
        {
          link: (children, key) => (
            <a key={key} href={href} className={linkClass}>
              {children}
            </a>
          ),
        },
        { count: formatCount(locale, count) },
      )}
    </p>
  );
}
