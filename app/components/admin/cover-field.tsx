import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Field, type FieldErrors } from "~/components/forms/field";
import { ErrorList } from "~/components/forms/field-frame";
import { useFieldId } from "~/components/forms/field-id";
import { MEDIA_ACCEPT } from "~/domain/media/limits";
import { mediaHashOf } from "~/domain/media/urls";
import { POST_LIMITS } from "~/domain/posts/limits";
import { useT } from "~/i18n/use-t";
import { MediaPicture } from "../media/media-picture";
import type { CoverUploadState } from "./use-cover-upload";

const isOtherSite = (url: string) => /^https?:\/\//i.test(url);

/**
 * The post's cover: a URL field (an uploaded image's /media/ URL, or a site path) and beside it
 * a file input (`cover_file`) that uploads a new image with the form. Shows the current cover,
 * and with JS a preview of the chosen file before saving and the upload's progress.
 */
export function CoverField({
  defaultUrl,
  urlErrors,
  fileErrors,
  upload,
}: {
  defaultUrl: string;
  urlErrors?: FieldErrors;
  fileErrors?: FieldErrors;
  upload: CoverUploadState & {
    onFileChange: React.ChangeEventHandler<HTMLInputElement>;
    showChosen: (file: File | undefined) => void;
  };
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const t = useT();
  // A file chosen before the page's scripts ran (a slow phone) is checked and previewed once
  // they do, as one chosen after.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    const file = fileInput.current?.files?.[0];
    if (file) upload.showChosen(file);
  }, []);
  const errors = upload.error ? [upload.error] : fileErrors;
  const id = useFieldId("cover_file", fileErrors);
  return (
    <fieldset className="grid gap-6 rounded-lg border border-slate-200 p-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {t("postEditor.cover.legend")}
      </legend>
      <div className="min-w-0 space-y-6">
        <Field
          label={t("postEditor.cover.url")}
          name="cover_image"
          defaultValue={defaultUrl}
          errors={urlErrors}
          maxLength={POST_LIMITS.coverImage}
          hint={t("postEditor.cover.urlHint")}
        />
        <p className="-mt-4 text-sm text-slate-600">
          {t.rich("postEditor.cover.reuse", {
            link: (children, key) => (
              <Link
                key={key}
                to="/admin/media"
                target="_blank"
                className="font-semibold text-brand-700 underline"
              >
                {children}
              </Link>
            ),
          })}
        </p>
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {t("postEditor.cover.upload")}
          </label>
          <input
            id={id}
            ref={fileInput}
            type="file"
            name="cover_file"
            accept={MEDIA_ACCEPT}
            onChange={upload.onFileChange}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={`${id}-hint${errors?.length ? ` ${id}-error` : ""}`}
            className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {t("postEditor.cover.uploadHint")}
          </p>
          <ErrorList id={`${id}-error`} errors={errors} />
          {upload.progress !== null ? (
            <p className="mt-2 text-sm text-slate-700" role="status">
              <progress
                max={100}
                value={upload.progress}
                className="mr-2 align-middle"
                aria-label={t("postEditor.cover.progress")}
              />
              {t("postEditor.cover.uploading", { progress: upload.progress })}
            </p>
          ) : null}
        </div>
      </div>
      <CoverPreview url={defaultUrl} chosen={upload.preview} />
    </fieldset>
  );
}

function CoverPreview({ url, chosen }: { url: string; chosen: string | null }) {
  const t = useT();
  const frame = "aspect-video w-full rounded-lg border border-slate-200 bg-slate-100 object-cover";
  if (chosen) {
    return (
      <figure className="min-w-0">
        <img src={chosen} alt="" className={frame} data-testid="cover-preview" />
        <figcaption className="mt-1 text-sm text-slate-600">
          {t("postEditor.cover.chosen")}
        </figcaption>
      </figure>
    );
  }
  if (!url || (!mediaHashOf(url) && isOtherSite(url))) {
    return (
      <p className="text-sm text-slate-600">
        {url ? t("postEditor.cover.elsewhere") : t("postEditor.cover.none")}
      </p>
    );
  }
  return (
    <figure className="min-w-0">
      <MediaPicture
        src={url}
        sizes="192px"
        width={320}
        height={180}
        loading="eager"
        className={frame}
      />
      <figcaption className="mt-1 text-sm text-slate-600">
        {t("postEditor.cover.current")}
      </figcaption>
    </figure>
  );
}
