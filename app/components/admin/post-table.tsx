import { Link } from "react-router";
import { formatShortDate } from "~/lib/dates";
import { stacked } from "./admin-page";
import { StackedTable } from "./stacked-table";
import { StatusBadge } from "./status-badge";

export interface PostRow {
  id: number;
  title: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
}

function DateCell({ iso, empty, label }: { iso: string | null; empty: string; label: string }) {
  const text = formatShortDate(iso);
  return (
    <td data-label={label} className={`${stacked.cell} text-slate-700 sm:whitespace-nowrap`}>
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
    <StackedTable
      caption="All posts, newest first"
      columns={["Title", "Status", "Published", "Created", ""]}
    >
      {posts.map((post) => (
        <tr key={post.id} data-testid={`post-row-${post.id}`} className={stacked.row}>
          <th
            scope="row"
            data-label="Title"
            className={`${stacked.cell} font-medium text-slate-900`}
          >
            {post.title}
          </th>
          <td data-label="Status" className={stacked.cell}>
            <StatusBadge published={post.published} />
          </td>
          <DateCell
            label="Published"
            iso={post.published ? post.published_at : null}
            empty="Not published"
          />
          <DateCell label="Created" iso={post.created_at} empty="Unknown" />
          <td data-label="" className={`${stacked.cell} sm:text-right`}>
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
    </StackedTable>
  );
}
