import { SvgIcon } from "~/components/icons";
import { formatShortDate, isoDate } from "~/lib/dates";

/** Short date ('Nov 22, 2026') and '{readTime} read'. */
export function PostDateAndReadTime({ date, readTime }: { date: string; readTime: string }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
      <span className="inline-flex items-center gap-1">
        <SvgIcon name="calendar" width={16} height={16} />
        <time dateTime={isoDate(date)}>{formatShortDate(date)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <SvgIcon name="clock" width={16} height={16} />
        {readTime} read
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
