import { Link } from "react-router";
import { DateText } from "~/components/date-text";
import { SvgIcon } from "~/components/icons";
import type { BlogPost, PostSummary } from "~/domain/posts/types";
import { useT } from "~/i18n/use-t";
import { MediaPicture } from "../media/media-picture";
import { AuthorCard } from "./author-card";
import { Avatar } from "./avatar";
import { PostContent } from "./post-content";
import { CategoryBadge, foreignLang, readTimeLabel } from "./post-meta";
import { RelatedPosts } from "./related-posts";
import { ShareLinks } from "./share-links";

const buttonClass =
  "inline-flex items-center gap-2 rounded-lg px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50";

/** A whole blog post page. */
export function PostArticle({
  post,
  authorBio,
  related,
  url,
}: {
  post: BlogPost;
  authorBio: { text: string; lang?: string };
  related: PostSummary[];
  url: string;
}) {
  const t = useT();
  // An untranslated post on a Kiswahili or French page: its own words are marked with their
  // language; what the page adds (dates, labels, the author's bio) stays in the page's.
  const postLang = foreignLang(post, t.locale);
  // An upload's size and alt text come from the media library (post.cover).
  const cover = post.cover;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-24 pb-16 sm:px-6">
      <Link to={t.path("/blog")} className={`${buttonClass} -ml-4`}>
        <SvgIcon name="arrowLeft" width={18} height={18} />
        {t("blog.backToBlog")}
      </Link>
      {postLang ? (
        <p className="mt-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950">
          {t("blog.englishOnly")}
        </p>
      ) : null}
      <article className="mt-6">
        <header className="max-w-3xl">
          <ul className="flex flex-wrap gap-2" aria-label={t("blog.categories")}>
            {post.categories.map((category) => (
              <li key={category.key} lang={category.lang}>
                <CategoryBadge>{category.label}</CategoryBadge>
              </li>
            ))}
          </ul>
          <h1
            lang={postLang}
            className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            {post.title}
          </h1>
          <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 text-slate-600">
            <span className="flex items-center gap-3">
              <Avatar name={post.author} src={post.authorAvatar} size={44} />
              <span className="font-semibold text-slate-900">{post.author}</span>
            </span>
            <span className="inline-flex items-center gap-1">
              <SvgIcon name="calendar" width={18} height={18} />
              <DateText value={post.date} locale={t.locale} style="long" />
            </span>
            <span className="inline-flex items-center gap-1">
              <SvgIcon name="clock" width={18} height={18} />
              {readTimeLabel(t, post.readTime)}
            </span>
          </div>
        </header>
        <MediaPicture
          src={post.coverImage}
          alt={cover?.alt}
          lang={cover && cover.altLang !== t.locale ? cover.altLang : undefined}
          sizes="(min-width: 1152px) 1104px, calc(100vw - 2rem)"
          width={cover?.width ?? 1200}
          height={cover?.height ?? 630}
          intrinsic={cover?.width}
          loading="priority"
          className="mx-auto mt-8 max-h-[500px] w-full rounded-2xl bg-slate-100 object-cover"
        />
        <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_14rem]">
          <div className="min-w-0">
            <PostContent html={post.content} lang={postLang} />
            {post.tags.length ? (
              <ul className="mt-10 flex flex-wrap gap-2" aria-label={t("blog.tags")}>
                {post.tags.map((tag) => (
                  <li key={tag.key} lang={tag.lang}>
                    <Link
                      to={t.path(`/blog?tag=${encodeURIComponent(tag.key)}`)}
                      className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                    >
                      #{tag.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <aside aria-label={t("blog.shareLabel")} className="lg:sticky lg:top-24 lg:h-fit">
            <ShareLinks url={url} title={post.title} />
          </aside>
        </div>
        <div className="mt-12 max-w-3xl">
          <AuthorCard name={post.author} avatar={post.authorAvatar} bio={authorBio} />
        </div>
      </article>
      <div className="mt-16">
        <RelatedPosts posts={related} />
      </div>
      <p className="mt-12 text-center">
        <Link
          to={t.path("/blog")}
          className="inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {t("common.viewAllArticles")}
        </Link>
      </p>
    </div>
  );
}
