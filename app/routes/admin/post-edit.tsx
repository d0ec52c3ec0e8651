import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminPage, secondaryButton } from "~/components/admin/admin-page";
import { DeleteConfirm } from "~/components/admin/delete-confirm";
import { PostDetails } from "~/components/admin/post-details";
import { PostEditor } from "~/components/admin/post-editor";
import { postFormDefaults } from "~/components/admin/post-form-defaults";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/post-edit";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("postEditor.editTitle"),
    description: t("postEditor.editDescription"),
    path: `/admin/posts/${params.id}`,
    noindex: true,
  });
};

export { action, loader } from "./post-edit.server";

/** Live-preview requests do not reload the page's data. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, confirmDelete } = loaderData;
  const t = useT();
  return (
    <AdminPage title={t("postEditor.editTitle")} subtitle={post.title}>
      <Toasts toasts={[actionData?.toast]} />
      <PostDetails post={post} />
      {confirmDelete ? (
        <DeleteConfirm postId={post.id} title={post.title} />
      ) : (
        <PostEditor
          key={post.id}
          defaults={postFormDefaults(post, actionData?.result?.initialValue)}
          errors={actionData?.result?.error}
          preview={actionData?.preview ?? loaderData.preview}
        >
          <Link to={`/admin/posts/${post.id}/history`} className={secondaryButton}>
            {t("postEditor.history")}
          </Link>
          <Link to={`/admin/posts/${post.id}?delete=1`} className={`${secondaryButton} sm:ml-auto`}>
            {t("postEditor.delete")}
          </Link>
        </PostEditor>
      )}
    </AdminPage>
  );
}
