import { type RefObject, useEffect, useRef, useState } from "react";
import { MediaPicture } from "~/components/media/media-picture";
import { photoFocusClass } from "~/domain/site/photo-focus";
import { useT } from "~/i18n/use-t";

/** What an image field holds now: nothing, a stored or library image, or a file to upload. */
export type Chosen =
  | { kind: "none" }
  | { kind: "url"; url: string; name: string }
  | { kind: "file"; dataUrl: string; name: string };

/**
 * The chosen image as the site will frame it: round and cropped to the chosen focus for a team
 * member's photo, a 16:9 thumbnail otherwise. Without JS it shows the saved (or echoed) choice;
 * with JS it follows the picked library image, the chosen file and the crop as they change.
 */
export function ChosenImage({
  chosen,
  round,
  focus,
}: {
  chosen: Chosen;
  round: boolean;
  /** The crop (PHOTO_FOCUS) when the field has one. */
  focus?: string;
}) {
  const t = useT();
  const crop = focus === undefined ? "object-center" : photoFocusClass(focus);
  const frame = round
    ? `size-28 rounded-full object-cover ${crop}`
    : `aspect-video w-40 rounded object-cover ${crop}`;
  const caption =
    chosen.kind === "none"
      ? t("siteEditor.image.chosenNone")
      : chosen.kind === "file"
        ? t("siteEditor.image.chosenFile", { name: chosen.name })
        : t("siteEditor.image.chosen", { name: chosen.name });
  return (
    <div className="mb-4 flex items-center gap-4" data-testid="chosen-image">
      <div
        className={`shrink-0 overflow-hidden bg-slate-100 ${round ? "rounded-full" : "rounded"}`}
      >
        {chosen.kind === "file" ? (
          <img src={chosen.dataUrl} alt="" width={160} height={160} className={frame} />
        ) : chosen.kind === "url" ? (
          <MediaPicture src={chosen.url} sizes="160px" width={160} height={90} className={frame} />
        ) : (
          <span className={`block ${round ? "size-28" : "aspect-video w-40"}`} />
        )}
      </div>
      <p className="min-w-0 text-sm text-slate-700 [overflow-wrap:anywhere]" aria-live="polite">
        {caption}
      </p>
    </div>
  );
}

/**
 * With JS, the chosen image follows the field: a picked library image, or a chosen file (then no
 * radio stays checked — "No image" least of all — and a library pick clears the file again); the
 * crop follows its select (`focusName`) in the same form.
 */
export function useChosenImage({
  name,
  fileName,
  initial,
  focusName,
  initialFocus,
  fieldset,
}: {
  name: string;
  fileName: string;
  initial: Chosen;
  focusName?: string;
  initialFocus?: string;
  fieldset: RefObject<HTMLFieldSetElement | null>;
}) {
  const [chosen, setChosen] = useState<Chosen>(initial);
  const [focus, setFocus] = useState(initialFocus);
  // The library choice a chosen file replaced, back when the file is cleared.
  const before = useRef<{ input: HTMLInputElement; chosen: Chosen } | null>(null);

  useEffect(() => {
    const form = fieldset.current?.form;
    if (!form) return;
    const onChange = (event: Event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
      if (target.name === focusName) setFocus(target.value);
      if (!(target instanceof HTMLInputElement)) return;
      if (target.name === name && target.checked) {
        const file = form.elements.namedItem(fileName);
        if (file instanceof HTMLInputElement) file.value = "";
        before.current = null;
        setChosen(
          target.value
            ? { kind: "url", url: target.value, name: target.dataset.label ?? "" }
            : { kind: "none" },
        );
      }
      if (target.name === fileName) chooseFile(form, target);
    };
    const chooseFile = (form: HTMLFormElement, input: HTMLInputElement) => {
      const radios = [...form.querySelectorAll<HTMLInputElement>(`input[type=radio]`)].filter(
        (radio) => radio.name === name,
      );
      const file = input.files?.[0];
      if (!file) {
        // Cleared: the library choice it replaced comes back.
        const previous = before.current;
        before.current = null;
        if (previous) {
          previous.input.checked = true;
          setChosen(previous.chosen);
        }
        return;
      }
      const checked = radios.find((radio) => radio.checked);
      if (checked) before.current = { input: checked, chosen };
      for (const radio of radios) radio.checked = false;
      const reader = new FileReader();
      reader.onload = () => {
        if (typeof reader.result === "string")
          setChosen({ kind: "file", dataUrl: reader.result, name: file.name });
      };
      reader.readAsDataURL(file);
    };
    form.addEventListener("change", onChange);
    return () => form.removeEventListener("change", onChange);
  }, [fieldset, name, fileName, focusName, chosen]);

  return { chosen, focus };
}
