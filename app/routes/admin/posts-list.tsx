import { Link } from "react-router";
import { AdminPage, primaryButton } from "~/components/admin/admin-page";
import { PostTable } from "~/components/admin/post-table";
import { SvgIcon } from "~/components/icons";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/posts-list";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("adminOffice.posts.title"),
    description: t("adminOffice.posts.description"),
    path: "/admin/posts",
    noindex: true,
  });
};

export { loader } from "./posts-list.server";

export default function AdminPostsList({ loaderData }: Route.ComponentProps) {
  const { posts, error } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("adminOffice.posts.title")} subtitle={t("adminOffice.posts.subtitle")}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-xl font-bold text-slate-900">{t("adminOffice.posts.all")}</h2>
        <Link to="/admin/posts/new" className={primaryButton}>
          <SvgIcon name="plus" className="size-5" />
          {t("adminOffice.posts.create")}
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
