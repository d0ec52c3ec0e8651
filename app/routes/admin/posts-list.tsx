import { Link } from "react-router";
import { AdminPage, primaryButton } from "~/components/admin/admin-page";
import { PostTable } from "~/components/admin/post-table";
import { SvgIcon } from "~/components/icons";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/posts-list";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Manage Posts",
    description: "Create, edit, publish and delete blog posts.",
    path: "/admin/posts",
    noindex: true,
  });

export { loader } from "./posts-list.server";

export default function AdminPostsList({ loaderData }: Route.ComponentProps) {
  const { posts, error } = loaderData;
  return (
    <AdminPage title="Manage Posts" subtitle="Drafts and published articles, newest first.">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-xl font-bold text-slate-900">All posts</h2>
        <Link to="/admin/posts/new" className={primaryButton}>
          <SvgIcon name="plus" className="size-5" />
          Create New
        </Link>
      </div>
      {error ? (
        <p role="alert" className="mb-6 font-medium text-red-700">
          {error}
        </p>
      ) : (
        <PostTable posts={posts} />
      )}
    </AdminPage>
  );
}
