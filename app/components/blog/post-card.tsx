import { Link } from "react-router";
import type { PostSummary } from "~/domain/posts/types";
import { useT } from "~/i18n/use-t";
import { MediaPicture } from "../media/media-picture";
import { CategoryBadge, foreignLang, PostDateAndReadTime, UntranslatedBadge } from "./post-meta";

const FALLBACK_COVER = "/images/blog/default-cover.svg";

/** A post in a list: cover, first category, title (link to /blog/{id}), excerpt, date, read time. */
export function PostCard({
  post,
  headingLevel = 3,
  eager = false,
}: {
  post: PostSummary;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const category = post.categories[0];
  const t = useT();
  const foreign = foreignLang(post, t.locale);
  return (
    <article
      lang={foreign}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <MediaPicture
        src={post.coverImage}
        fallback={FALLBACK_COVER}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        width={800}
        height={450}
        loading={eager ? "eager" : "lazy"}
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        {category || foreign ? (
          <div className="flex flex-wrap gap-2">
            {category ? <CategoryBadge>{category}</CategoryBadge> : null}
            {foreign ? <UntranslatedBadge /> : null}
          </div>
        ) : null}
        <Heading className="mt-3 text-lg font-semibold text-slate-900">
          <Link
            to={t.path(`/blog/${post.id}`)}
            className="after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
        <div className="mt-4" lang={foreign ? t.locale : undefined}>
          <PostDateAndReadTime date={post.date} readTime={post.readTime} />
        </div>
      </div>
    </article>
  );
}
