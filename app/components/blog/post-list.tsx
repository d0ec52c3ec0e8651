import type { PostSummary } from "~/domain/posts/types";
import { useT } from "~/i18n/use-t";
import { PostCard } from "./post-card";

/** The filtered posts, the empty state, or the friendly load-failure message. */
export function PostList({ posts, loadError }: { posts: PostSummary[]; loadError?: string }) {
  const t = useT();
  if (loadError) {
    return (
      <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-8 text-center">
        <p className="font-semibold text-amber-900">{loadError}</p>
      </div>
    );
  }
  if (posts.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
        <h2 className="text-xl font-semibold text-slate-900">{t("blog.noneTitle")}</h2>
        <p className="mt-2 text-slate-600">{t("blog.noneText")}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-8 sm:grid-cols-2" aria-label={t("blog.articles")}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={2} eager={index < 2} />
        </li>
      ))}
    </ul>
  );
}
