import { Form } from "react-router";
import { AdminPage, primaryButton } from "~/components/admin/admin-page";
import { MediaCard } from "~/components/admin/media-card";
import { Pager } from "~/components/admin/pager";
import { Field } from "~/components/forms/field";
import { ErrorList } from "~/components/forms/field-frame";
import { useIsPending } from "~/components/forms/use-pending";
import { Toasts } from "~/components/toasts/toasts";
import { MEDIA_ACCEPT, MEDIA_LIMITS } from "~/domain/media/limits";
import { privateFormHeaders } from "~/infra/http-policy";
import { fieldErrors, formErrorOf, typedValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/media-library";
import type { MediaReply } from "./media-library.server";

export const headers: Route.HeadersFunction = privateFormHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Media Library",
    description: "Upload, reuse and delete the blog's images.",
    path: "/admin/media",
    noindex: true,
  });

export { action, loader } from "./media-library.server";

export default function MediaLibrary({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { items, page, total, error } = loaderData;
  const reply = answer as MediaReply | undefined;
  const uploading = useIsPending({ intent: "upload" });
  return (
    <AdminPage title="Media Library" subtitle="Images for covers and posts, newest first.">
      <Toasts toasts={[reply?.toast]} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="mb-10 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
        aria-label="Upload an image"
      >
        <div className="min-w-0">
          <label htmlFor="media-file" className="block text-sm font-medium text-slate-800">
            Image
          </label>
          <input
            id="media-file"
            type="file"
            name="file"
            required
            accept={MEDIA_ACCEPT}
            aria-describedby="media-file-hint media-file-error"
            className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          <p id="media-file-hint" className="mt-1 text-sm text-slate-600">
            JPEG, PNG, WebP, AVIF or GIF up to 5 MB. Location and camera data are removed.
          </p>
          <ErrorList id="media-file-error" errors={fieldErrors(reply?.result, "file")} />
        </div>
        <Field
          label="Alt text"
          name="alt"
          maxLength={MEDIA_LIMITS.alt}
          defaultValue={reply?.hash ? "" : typedValue(reply?.result, "alt")}
          errors={reply?.hash ? undefined : fieldErrors(reply?.result, "alt")}
          hint="What the picture shows (optional)."
        />
        <div className="sm:col-span-2">
          <button
            type="submit"
            name="intent"
            value="upload"
            className={primaryButton}
            disabled={uploading}
          >
            {uploading ? "Uploading..." : "Upload"}
          </button>
        </div>
      </Form>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <h2 className="mt-6 mb-4 text-xl font-bold text-slate-900">
        {total} {total === 1 ? "image" : "images"}
      </h2>
      {items.length ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <MediaCard
              key={item.hash}
              item={item}
              page={page}
              errors={reply?.hash === item.hash ? fieldErrors(reply.result, "alt") : undefined}
              message={
                reply?.hash === item.hash && !fieldErrors(reply.result, "alt")
                  ? formErrorOf(reply)
                  : undefined
              }
            />
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">No images yet. Upload one above, or with a post's cover.</p>
      )}
      <Pager page={page} total={total} label="Media" size={MEDIA_LIMITS.pageSize} />
    </AdminPage>
  );
}
