import { Link } from "react-router";
import type { PostSummary } from "~/domain/posts/types";
import { useT } from "~/i18n/use-t";
import { foreignLang, PostBadges, PostListDate } from "./post-meta";

/** 'Related Articles': first category, title, excerpt, short date and read time. */
export function RelatedPosts({ posts }: { posts: PostSummary[] }) {
  const t = useT();
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
        {t("blog.related")}
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <RelatedPost key={post.id} post={post} />
        ))}
      </ul>
    </section>
  );
}

function RelatedPost({ post }: { post: PostSummary }) {
  const t = useT();
  return (
    <li
      lang={foreignLang(post, t.locale)}
      className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm hover:shadow-md"
    >
      <PostBadges post={post} />
      <h3 className="mt-3 font-semibold text-slate-900">
        <Link to={t.path(`/blog/${post.id}`)} className="after:absolute after:inset-0">
          {post.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-600">{post.excerpt}</p>
      <PostListDate post={post} className="mt-3" />
    </li>
  );
}
