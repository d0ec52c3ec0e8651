import { Link } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import type { PostSummary } from "~/domain/posts/types";
import { useT } from "~/i18n/use-t";
import { HomeSection } from "./section";

/** The 3 latest published posts from the database. */
export function LatestArticles({ posts, failed }: { posts: PostSummary[]; failed: boolean }) {
  const t = useT();
  return (
    <HomeSection id="blog" title={t("home.latestTitle")} intro={t("home.latestIntro")} tone="muted">
      {failed ? (
        <p className="text-center text-slate-700">{t("blog.unavailable")}</p>
      ) : (
        <ul className="grid gap-8 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10 text-center">
        <Link to={t.path("/blog")} className="font-semibold text-brand-700 hover:text-brand-800">
          {t("common.viewAllArticles")}
        </Link>
      </p>
    </HomeSection>
  );
}
