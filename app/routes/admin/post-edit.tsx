import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminPage, secondaryButton } from "~/components/admin/admin-page";
import { DeleteConfirm } from "~/components/admin/delete-confirm";
import { PostDetails } from "~/components/admin/post-details";
import { PostEditor } from "~/components/admin/post-editor";
import { postFormDefaults } from "~/components/admin/post-form-defaults";
import { Toasts } from "~/components/toasts/toasts";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/post-edit";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(matches, {
    title: "Edit Post",
    description: "Edit, publish, unpublish or delete a blog post.",
    path: `/admin/posts/${params.id}`,
    noindex: true,
  });

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
  return (
    <AdminPage title="Edit Post" subtitle={post.title}>
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
            History
          </Link>
          <Link to={`/admin/posts/${post.id}?delete=1`} className={`${secondaryButton} sm:ml-auto`}>
            Delete
          </Link>
        </PostEditor>
      )}
    </AdminPage>
  );
}
