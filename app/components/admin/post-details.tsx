import { Link } from "react-router";
import { formatShortDate } from "~/lib/dates";
import { useSiteConfig } from "~/lib/site-config";
import { StatusBadge } from "./status-badge";

/** Status, dates, author and public link of the post being edited. */
export function PostDetails({
  post,
}: {
  post: {
    id: number;
    published: boolean;
    published_at: string | null;
    created_at: string;
    author_name: string;
    read_time: string;
  };
}) {
  const { timeZone } = useSiteConfig();
  const published = formatShortDate(post.published_at, timeZone);
  return (
    <div className="mb-8">
      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-4">
        <div>
          <dt className="font-semibold text-slate-700">Status</dt>
          <dd className="mt-1">
            <StatusBadge published={post.published} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">First published</dt>
          <dd className="mt-1 text-slate-900">{published || "Not yet"}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">Created</dt>
          <dd className="mt-1 text-slate-900">
            {formatShortDate(post.created_at, timeZone) || "Unknown"}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">Author · read time</dt>
          <dd className="mt-1 text-slate-900">
            {post.author_name} · {post.read_time}
          </dd>
        </div>
      </dl>
      {post.published ? (
        <p className="mt-3">
          <Link
            to={`/blog/${post.id}`}
            className="inline-block min-h-6 py-0.5 font-semibold text-brand-700 underline"
          >
            View on the blog
          </Link>
        </p>
      ) : null}
    </div>
  );
}
