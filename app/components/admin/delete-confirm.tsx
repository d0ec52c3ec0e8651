import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import { useT } from "~/i18n/use-t";
import { dangerButton, secondaryButton } from "./admin-page";

/** Second step of deleting a post (a page of its own, so it works without JS). */
export function DeleteConfirm({ postId, title }: { postId: number; title: string }) {
  const deleting = useIsPending({ intent: "delete" });
  const t = useT();
  return (
    <section
      aria-labelledby="delete-heading"
      className="rounded-lg border border-red-200 bg-red-50 p-6"
    >
      <h2 id="delete-heading" className="text-xl font-bold text-red-900">
        {t("postEditor.deleteStep.heading")}
      </h2>
      <p className="mt-2 text-red-900">{t("postEditor.deleteStep.body", { title })}</p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="delete"
          className={dangerButton}
          disabled={deleting}
        >
          {deleting ? t("postEditor.deleteStep.deleting") : t("postEditor.deleteStep.confirm")}
        </button>
        <Link to={`/admin/posts/${postId}`} className={secondaryButton}>
          {t("postEditor.deleteStep.cancel")}
        </Link>
      </Form>
    </section>
  );
}
