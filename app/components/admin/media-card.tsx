import { Form, Link } from "react-router";
import { Field } from "~/components/forms/field";
import { MEDIA_LIMITS } from "~/domain/media/limits";
import { formatShortDate } from "~/lib/dates";
import { MediaPicture } from "../media/media-picture";
import { dangerButton, secondaryButton } from "./admin-page";

export interface MediaCardItem {
  hash: string;
  url: string;
  width: number;
  height: number;
  bytes: number;
  original_name: string;
  alt: string;
  created_at: string;
  usedBy: { id: number; title: string; to: string }[];
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * One image of the library: picture, size, dimensions, where it is used, its URL to copy (a
 * read-only field: select and copy, with or without JS), alt text, and Delete — not offered while
 * a post uses it (the server refuses it too).
 */
export function MediaCard({
  item,
  page,
  errors,
  message,
}: {
  item: MediaCardItem;
  page: number;
  /** The server's answer about this image: alt-text errors, or why it was not deleted. */
  errors?: string[];
  message?: string;
}) {
  const action = page > 1 ? `/admin/media?page=${page}` : "/admin/media";
  const used = item.usedBy.length > 0;
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <MediaPicture
        src={item.url}
        alt={item.alt}
        sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 100vw"
        width={item.width}
        height={item.height}
        className="aspect-video w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4 text-sm">
        <p className="break-words font-semibold text-slate-900">
          {item.original_name || "Untitled image"}
        </p>
        <p className="text-slate-700">
          {item.width} × {item.height} px · {kilobytes(item.bytes)} stored ·{" "}
          {formatShortDate(item.created_at)}
        </p>
        <div>
          <p className="font-medium text-slate-800">Used by</p>
          {used ? (
            <ul className="mt-1 list-disc pl-5">
              {item.usedBy.map((post) => (
                <li key={post.to}>
                  {/* At least 24 px tall: titles stacked in a list are touch targets (WCAG 2.5.8). */}
                  <Link
                    to={post.to}
                    className="inline-block min-h-6 py-0.5 text-brand-700 underline"
                  >
                    {post.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-slate-600">No post yet</p>
          )}
        </div>
        <label className="block">
          <span className="font-medium text-slate-800">URL</span>
          <input
            readOnly
            value={item.url}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-100 px-2 py-1.5 font-mono text-xs text-slate-900"
          />
        </label>
        <Form method="post" action={action} className="space-y-2">
          <input type="hidden" name="hash" value={item.hash} />
          <Field
            label="Alt text"
            name="alt"
            defaultValue={item.alt}
            maxLength={MEDIA_LIMITS.alt}
            errors={errors}
            hint="What the picture shows, for people who cannot see it."
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="alt" className={secondaryButton}>
              Save alt text
            </button>
            {used ? null : (
              <button
                type="submit"
                name="intent"
                value="delete"
                formNoValidate
                className={dangerButton}
              >
                Delete
              </button>
            )}
          </div>
          {used ? (
            <p className="text-slate-600">In use: remove it from those posts to delete it.</p>
          ) : null}
          {message ? (
            <p role="alert" className="font-medium text-red-700">
              {message}
            </p>
          ) : null}
        </Form>
      </div>
    </li>
  );
}
