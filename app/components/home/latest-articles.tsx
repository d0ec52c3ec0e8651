import { Link } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import type { PostSummary } from "~/domain/posts/types";
import { HomeSection } from "./section";

/** The 3 latest published posts from the database. */
export function LatestArticles({ posts, failed }: { posts: PostSummary[]; failed: boolean }) {
  return (
    <HomeSection
      id="blog"
      title="Latest Articles"
      intro="Practical advice on websites, apps and marketing for African businesses."
      tone="muted"
    >
      {failed ? (
        <p className="text-center text-slate-700">
          We couldn't load the articles right now. Please try again shortly.
        </p>
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
        <Link to="/blog" className="font-semibold text-brand-700 hover:text-brand-800">
          View All Articles
        </Link>
      </p>
    </HomeSection>
  );
}
