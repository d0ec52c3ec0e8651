import { useId, useRef } from "react";
import { ErrorList } from "~/components/forms/field-frame";
import { fieldIdOf } from "~/components/forms/field-id";
import { SvgIcon } from "~/components/icons";
import { MediaPicture } from "~/components/media/media-picture";
import { MEDIA_ACCEPT } from "~/domain/media/limits";
import { fileFieldOf } from "~/domain/site/editor/fields";
import { useT } from "~/i18n/use-t";
import { ChosenImage, useChosenImage } from "./chosen-image";

export interface PickableImage {
  url: string;
  alt: string | null;
}

const thumb = "aspect-video w-full rounded border border-slate-200 bg-slate-100 object-cover";

function Choice({
  name,
  value,
  checked,
  label,
  id,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  /** The error summary's target (the first choice, while the field has errors). */
  id?: string;
  children?: React.ReactNode;
}) {
  return (
    <li>
      <label className="flex h-full cursor-pointer flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2 text-sm text-slate-800 has-[:checked]:border-brand-700 has-[:checked]:ring-2 has-[:checked]:ring-brand-600/40">
        {children}
        <span className="flex items-start gap-2">
          <input
            id={id}
            type="radio"
            name={name}
            value={value}
            defaultChecked={checked}
            data-label={label}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
        </span>
      </label>
    </li>
  );
}

/**
 * An item's image: what is chosen now, shown as the site frames it (ChosenImage); the library's
 * newest images to pick from (radio buttons with thumbnails — no JS needed), folded in a
 * `<details>` unless the field has an error; keep the current one or have none; or upload a new
 * one with the form (it joins the media library and becomes the item's image).
 */
export function ImageField({
  name,
  label,
  value,
  images,
  optional,
  errors,
  fileErrors,
  focus,
  crop: cropControl,
}: {
  name: string;
  label: string;
  value: string;
  images: PickableImage[];
  optional: boolean;
  errors?: string[];
  fileErrors?: string[];
  /** The select that crops this image into a round frame (a team member's photo), if any. */
  focus?: { name: string; value: string };
  /** That select, shown under the preview so that its effect is in sight. */
  crop?: React.ReactNode;
}) {
  const t = useT();
  const generated = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const id = fileErrors?.length ? fieldIdOf(fileFieldOf(name)) : generated;
  const listedAt = images.findIndex((image) => image.url === value);
  const listed = listedAt >= 0;
  const nameOf = (image: PickableImage, index: number) =>
    image.alt || t("siteEditor.image.untitled", { n: index + 1 });
  const { chosen, focus: crop } = useChosenImage({
    name,
    fileName: fileFieldOf(name),
    initial: !value
      ? { kind: "none" }
      : {
          kind: "url",
          url: value,
          name: listed
            ? nameOf(images[listedAt] as PickableImage, listedAt)
            : t("siteEditor.image.current"),
        },
    focusName: focus?.name,
    initialFocus: focus?.value,
    fieldset,
  });
  // While the field has errors, its first choice is the error summary's target.
  const firstId = (first: boolean) => (first && errors?.length ? fieldIdOf(name) : undefined);
  return (
    <fieldset ref={fieldset} className="min-w-0 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <ChosenImage chosen={chosen} round={focus !== undefined} focus={crop} />
      {cropControl ? <div className="mb-4">{cropControl}</div> : null}
      <details open={Boolean(errors?.length) || undefined} className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
          <SvgIcon
            name="chevronRight"
            width={20}
            height={20}
            className="shrink-0 transition-transform group-open:rotate-90"
          />
          {t("siteEditor.image.library")}
        </summary>
        <p className="my-3 text-sm text-slate-600">{t("siteEditor.image.pick")}</p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {optional ? (
            <Choice
              name={name}
              value=""
              checked={value === ""}
              label={t("siteEditor.image.none")}
              id={firstId(true)}
            />
          ) : null}
          {value && !listed ? (
            <Choice
              name={name}
              value={value}
              checked
              label={t("siteEditor.image.current")}
              id={firstId(!optional)}
            >
              <MediaPicture src={value} sizes="160px" width={160} height={90} className={thumb} />
            </Choice>
          ) : null}
          {images.map((image, index) => (
            <Choice
              key={image.url}
              name={name}
              value={image.url}
              checked={image.url === value}
              label={nameOf(image, index)}
              id={firstId(index === 0 && !optional && !(value && !listed))}
            >
              <MediaPicture
                src={image.url}
                sizes="160px"
                width={160}
                height={90}
                className={thumb}
              />
            </Choice>
          ))}
        </ul>
      </details>
      <ErrorList id={`${id}-error`} errors={errors} />
      <div className="mt-4">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {t("siteEditor.image.upload")}
        </label>
        <input
          id={id}
          type="file"
          name={fileFieldOf(name)}
          accept={MEDIA_ACCEPT}
          aria-describedby={`${id}-hint${fileErrors?.length ? ` ${id}-file-error` : ""}`}
          aria-invalid={fileErrors?.length ? true : undefined}
          className="mt-1 block w-full max-w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {t("siteEditor.image.uploadHint")}
        </p>
        <ErrorList id={`${id}-file-error`} errors={fileErrors} />
      </div>
    </fieldset>
  );
}
