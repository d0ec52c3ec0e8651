import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-pending";
import { dangerButton, secondaryButton } from "./admin-page";

/** Second step of deleting a post (a page of its own, so it works without JS). */
export function DeleteConfirm({ postId, title }: { postId: number; title: string }) {
  const deleting = useIsPending({ intent: "delete" });
  return (
    <section
      aria-labelledby="delete-heading"
      className="rounded-lg border border-red-200 bg-red-50 p-6"
    >
      <h2 id="delete-heading" className="text-xl font-bold text-red-900">
        Delete this post?
      </h2>
      <p className="mt-2 text-red-900">
        “{title}” will be removed from the blog and from this list. This cannot be undone.
      </p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="delete"
          className={dangerButton}
          disabled={deleting}
        >
          {deleting ? "Deleting..." : "Yes, delete post"}
        </button>
        <Link to={`/admin/posts/${postId}`} className={secondaryButton}>
          Cancel
        </Link>
      </Form>
    </section>
  );
}
