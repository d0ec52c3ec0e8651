import { DateText } from "~/components/date-text";
import { SvgIcon } from "~/components/icons";
import type { PostSummary } from "~/domain/posts/types";
import { readMinutes } from "~/i18n/format";
import type { Locale } from "~/i18n/locale";
import { type Translate, useT } from "~/i18n/use-t";

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
        <DateText value={date} locale={t.locale} style="short" />
      </span>
      <span className="inline-flex items-center gap-1">
        <SvgIcon name="clock" width={16} height={16} />
        {readTimeLabel(t, readTime)}
      </span>
    </p>
  );
}

export function CategoryBadge({ children, lang }: { children: string; lang?: string }) {
  return (
    <span
      lang={lang}
      className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800"
    >
      {children}
    </span>
  );
}

/**
 * The post's language when the page's is another (an English post not yet translated, listed on
 * a Kiswahili or French page): its own words carry it as `lang`, the page's words do not.
 */
export function foreignLang(post: Pick<PostSummary, "lang">, locale: Locale): Locale | undefined {
  const lang = post.lang ?? "en";
  return lang === locale ? undefined : lang;
}

/** 'Kiingereza' / 'Anglais' beside a post shown untranslated, in the page's language. */
function UntranslatedBadge() {
  const t = useT();
  return (
    <span
      lang={t.locale}
      className="inline-block rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700"
    >
      {t("common.inEnglish")}
    </span>
  );
}

/**
 * A post in a list: its first category (labelled in the page's language, marked as such inside
 * an untranslated post's card) and, when it is not translated, the 'English' badge.
 */
export function PostBadges({ post }: { post: PostSummary }) {
  const t = useT();
  const category = post.categories[0];
  const foreign = foreignLang(post, t.locale);
  if (!category && !foreign) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {category ? (
        <CategoryBadge lang={category.lang ?? (foreign ? t.locale : undefined)}>
          {category.label}
        </CategoryBadge>
      ) : null}
      {foreign ? <UntranslatedBadge /> : null}
    </div>
  );
}

/** A post in a list: date and reading time, marked with the page's language inside a foreign post. */
export function PostListDate({ post, className }: { post: PostSummary; className: string }) {
  const t = useT();
  return (
    <div className={className} lang={foreignLang(post, t.locale) ? t.locale : undefined}>
      <PostDateAndReadTime date={post.date} readTime={post.readTime} />
    </div>
  );
}
