import { Link } from "react-router";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";
import { StatusBadge } from "./status-badge";

export interface PostRow {
  id: number;
  title: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
}

function DateText({ iso, empty }: { iso: string | null; empty: string }) {
  const { timeZone } = useSiteConfig();
  // In the admin's language, as the rest of the list ('Nov 22, 2026', '22 nov. 2026').
  const text = shortDate(iso, useT().locale, timeZone);
  return text && iso ? (
    <time dateTime={iso}>{text}</time>
  ) : (
    <span className="text-slate-600">{empty}</span>
  );
}

const editLink =
  "inline-block min-h-6 py-0.5 font-semibold text-brand-700 underline-offset-2 hover:underline";

/**
 * Every post, drafts included, in the order given (newest created first): a table from small
 * tablets up, a list of cards on phones (no page ever scrolls sideways at 360 px).
 */
export function PostTable({ posts }: { posts: PostRow[] }) {
  const t = useT();
  if (posts.length === 0) {
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
        {t("adminOffice.posts.empty")}
      </p>
    );
  }
  return (
    <>
      <ul className="space-y-3 sm:hidden" aria-label={t("adminOffice.posts.caption")}>
        {posts.map((post) => (
          <li
            key={post.id}
            data-testid={`post-card-${post.id}`}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <p className="font-medium break-words text-slate-900">{post.title}</p>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
              <StatusBadge published={post.published} />
              <span>
                {t("adminOffice.posts.publishedOn")}{" "}
                <DateText
                  iso={post.published ? post.published_at : null}
                  empty={t("adminOffice.posts.notPublished")}
                />
              </span>
              <span>
                {t("adminOffice.posts.createdOn")}{" "}
                <DateText iso={post.created_at} empty={t("adminOffice.posts.unknown")} />
              </span>
            </div>
            <Link
              to={`/admin/posts/${post.id}`}
              className={`${editLink} mt-3`}
              aria-label={t("adminOffice.posts.editLabel", { title: post.title })}
            >
              {t("adminOffice.posts.edit")}
            </Link>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm sm:block">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{t("adminOffice.posts.caption")}</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("adminOffice.posts.columnTitle")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("adminOffice.posts.columnStatus")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("adminOffice.posts.columnPublished")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t("adminOffice.posts.columnCreated")}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">{t("adminOffice.list.actions")}</span>
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
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <DateText
                    iso={post.published ? post.published_at : null}
                    empty={t("adminOffice.posts.notPublished")}
                  />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <DateText iso={post.created_at} empty={t("adminOffice.posts.unknown")} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Link
                    to={`/admin/posts/${post.id}`}
                    className={editLink}
                    aria-label={t("adminOffice.posts.editLabel", { title: post.title })}
                  >
                    {t("adminOffice.posts.edit")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
