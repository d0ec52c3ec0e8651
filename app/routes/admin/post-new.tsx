import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { PostEditor } from "~/components/admin/post-editor";
import { postFormDefaults } from "~/components/admin/post-form-defaults";
import { Toasts } from "~/components/toasts/toasts";
import { translatorFrom, useT } from "~/i18n/use-t";
import { privateFormHeaders } from "~/infra/cache-policy";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/post-new";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translatorFrom(matches);
  return pageMeta(matches, {
    title: t("postEditor.newTitle"),
    description: t("postEditor.newDescription"),
    path: "/admin/posts/new",
    noindex: true,
  });
};

export { action, loader } from "./post-new.server";

/** Live-preview requests do not reload the page's data. */
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;
}

export default function NewPost({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AdminPage title={t("postEditor.newTitle")} subtitle={t("postEditor.newSubtitle")}>
      <Toasts toasts={[actionData?.toast]} />
      <PostEditor
        defaults={postFormDefaults(null, actionData?.result?.initialValue)}
        errors={actionData?.result?.error}
        preview={actionData?.preview ?? ""}
      />
    </AdminPage>
  );
}
