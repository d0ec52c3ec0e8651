import { SvgIcon } from "~/components/icons";
import { readMinutes, shortDate } from "~/i18n/format";
import { type Translate, useT } from "~/i18n/use-t";
import { isoDate } from "~/lib/dates";

/** '5 min read' · 'Dakika 5 za kusoma' · '5 min de lecture' (a stored text as it is). */
export function readTimeLabel(t: Translate, readTime: string): string {
  const minutes = readMinutes(readTime);
  return minutes === null ? t("blog.readTimeText", { readTime }) : t("blog.readTime", { minutes });
}

/** Short date ('Nov 22, 2026') and '{readTime} read'. */
export function PostDateAndReadTime({ date, readTime }: { date: string; readTime: string }) {
  const t = useT();
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1">
        <SvgIcon name="calendar" width={16} height={16} />
        <time dateTime={isoDate(date)}>{shortDate(date, t.locale)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <SvgIcon name="clock" width={16} height={16} />
        {readTimeLabel(t, readTime)}
      </span>
    </p>
  );
}

export function CategoryBadge({ children }: { children: string }) {
  return (
    <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
      {children}
    </span>
  );
}
