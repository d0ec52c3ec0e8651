import { Link } from "react-router";
import { formatShortDate } from "~/lib/dates";
import { StatusBadge } from "./status-badge";

export interface PostRow {
  id: number;
  title: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
}

function DateCell({ iso, empty }: { iso: string | null; empty: string }) {
  const text = formatShortDate(iso);
  return (
    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
      {text && iso ? (
        <time dateTime={iso}>{text}</time>
      ) : (
        <span className="text-slate-600">{empty}</span>
      )}
    </td>
  );
}

/** Every post, drafts included, in the order given (newest created first). */
export function PostTable({ posts }: { posts: PostRow[] }) {
  if (posts.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
        No posts yet.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">All posts, newest first</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Title
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Published
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Created
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {posts.map((post) => (
            <tr key={post.id} data-testid={`post-row-${post.id}`}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                {post.title}
              </th>
              <td className="px-4 py-3">
                <StatusBadge published={post.published} />
              </td>
              <DateCell iso={post.published ? post.published_at : null} empty="Not published" />
              <DateCell iso={post.created_at} empty="Unknown" />
              <td className="px-4 py-3 text-right">
                <Link
                  to={`/admin/posts/${post.id}`}
                  className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  aria-label={`Edit ${post.title}`}
                >
                  Edit
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
