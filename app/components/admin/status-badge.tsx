import { useT } from "~/i18n/use-t";

/** 'Draft' / 'Published' pill (text, not colour alone, carries the meaning). */
export function StatusBadge({ published }: { published: boolean }) {
  const t = useT();
  return published ? (
    <span className="inline-flex rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
      {t("adminOffice.posts.badgePublished")}
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
      {t("adminOffice.posts.badgeDraft")}
    </span>
  );
}
