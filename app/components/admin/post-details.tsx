import { Link } from "react-router";
import { readTimeLabel } from "~/components/blog/post-meta";
import { shortDate } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { useSiteConfig } from "~/lib/site-config";
import { StatusBadge } from "./status-badge";

/** Status, dates, author and public link of the post being edited, in the admin's language. */
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
  const t = useT();
  const published = shortDate(post.published_at, t.locale, timeZone);
  return (
    <div className="mb-8">
      <dl className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-4">
        <div>
          <dt className="font-semibold text-slate-700">{t("postEditor.details.status")}</dt>
          <dd className="mt-1">
            <StatusBadge published={post.published} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">{t("postEditor.details.firstPublished")}</dt>
          <dd className="mt-1 text-slate-900">{published || t("postEditor.details.notYet")}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">{t("postEditor.details.created")}</dt>
          <dd className="mt-1 text-slate-900">
            {shortDate(post.created_at, t.locale, timeZone) || t("postEditor.details.unknown")}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-700">{t("postEditor.details.authorReadTime")}</dt>
          <dd className="mt-1 text-slate-900">
            {post.author_name} · {readTimeLabel(t, post.read_time)}
          </dd>
        </div>
      </dl>
      {post.published ? (
        <p className="mt-3">
          <Link
            to={`/blog/${post.id}`}
            className="inline-block min-h-6 py-0.5 font-semibold text-brand-700 underline"
          >
            {t("postEditor.details.view")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
