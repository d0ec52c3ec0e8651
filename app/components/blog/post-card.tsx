import { Link } from "react-router";
import type { PostSummary } from "~/domain/posts/types";
import { useT } from "~/i18n/use-t";
import { MediaPicture } from "../media/media-picture";
import { foreignLang, PostBadges, PostListDate } from "./post-meta";

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
  const t = useT();
  const lang = foreignLang(post, t.locale);
  const cover = post.cover;
  return (
    <article
      lang={lang}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <MediaPicture
        src={post.coverImage}
        fallback={FALLBACK_COVER}
        alt={cover?.alt}
        lang={cover && cover.altLang !== (lang ?? t.locale) ? cover.altLang : undefined}
        sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
        width={cover?.width ?? 800}
        height={cover?.height ?? 450}
        intrinsic={cover?.width}
        loading={eager ? "eager" : "lazy"}
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <PostBadges post={post} />
        <Heading className="mt-3 text-lg font-semibold text-slate-900">
          <Link
            to={t.path(`/blog/${post.id}`)}
            className="after:absolute after:inset-0 group-hover:text-brand-700"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-slate-600">{post.excerpt}</p>
        <PostListDate post={post} className="mt-4" />
      </div>
    </article>
  );
}
