import { type ChangeEvent, type FormEvent, useState } from "react";
import { useSubmit } from "react-router";
import { MEDIA_ACCEPT, MEDIA_LIMITS } from "~/domain/media/limits";
import { type Translate, useT } from "~/i18n/use-t";

export const UPLOAD_ENDPOINT = "/admin/media/upload";

/** What the editor shows of a chosen file (JS only). */
export interface CoverUploadState {
  /** A data: URL of the chosen file, for the preview before saving. */
  preview: string | null;
  error: string | null;
  /** Upload progress 0–100 while the file is on its way; null otherwise. */
  progress: number | null;
}

type Uploaded = { ok: true; url: string } | { ok: false; error: string };

/**
 * Posts the file to the upload endpoint, reporting progress (fetch cannot); the endpoint words
 * its refusals in the admin's language, as `t` does the browser's own.
 */
function sendFile(
  t: Translate,
  file: File,
  onProgress: (percent: number) => void,
): Promise<Uploaded> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_ENDPOINT);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => resolve({ ok: false, error: t("postEditor.cover.failed") });
    xhr.onload = () => {
      if (xhr.status === 413)
        return resolve({ ok: false, error: t("mediaLibrary.errors.tooLarge") });
      let body: { url?: string; error?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        return resolve({ ok: false, error: t("postEditor.cover.session") });
      }
      resolve(
        body.url
          ? { ok: true, url: body.url }
          : { ok: false, error: body.error ?? t("postEditor.cover.refused") },
      );
    };
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

/** The browser's first look at a file; the server decides from its bytes. */
function checkFile(t: Translate, file: File): string | null {
  if (file.size === 0) return t("mediaLibrary.errors.empty");
  if (file.size > MEDIA_LIMITS.maxBytes) return t("mediaLibrary.errors.tooLarge");
  if (file.type && !MEDIA_ACCEPT.split(",").includes(file.type)) {
    return t("mediaLibrary.errors.notAnImage");
  }
  return null;
}

/**
 * With JS, the cover file is checked and previewed as soon as it is chosen, and uploaded with a
 * progress bar when the form is submitted; its URL then goes into the cover field and the form
 * is submitted without the file. Without JS the file simply travels with the form.
 */
export function useCoverUpload() {
  const submit = useSubmit();
  const t = useT();
  const [state, setState] = useState<CoverUploadState>({
    preview: null,
    error: null,
    progress: null,
  });

  /** Checks and previews a chosen file (none: clears the preview). */
  const showChosen = (file: File | undefined) => {
    if (!file) return setState({ preview: null, error: null, progress: null });
    const error = checkFile(t, file);
    setState({ preview: null, error, progress: null });
    if (error) return;
    const reader = new FileReader();
    reader.onload = () => {
      const preview = typeof reader.result === "string" ? reader.result : null;
      setState((current) => ({ ...current, preview }));
    };
    reader.readAsDataURL(file);
  };
  const onFileChange = (event: ChangeEvent<HTMLInputElement>) =>
    showChosen(event.currentTarget.files?.[0]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = form.elements.namedItem("cover_file");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!file || !(input instanceof HTMLInputElement)) return;
    event.preventDefault();
    const error = checkFile(t, file);
    if (error) return setState((current) => ({ ...current, error }));
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setState((current) => ({ ...current, error: null, progress: 0 }));
    const uploaded = await sendFile(t, file, (progress) =>
      setState((current) => ({ ...current, progress })),
    );
    if (!uploaded.ok)
      return setState((current) => ({ ...current, error: uploaded.error, progress: null }));
    const url = form.elements.namedItem("cover_image");
    if (url instanceof HTMLInputElement) url.value = uploaded.url;
    input.value = "";
    setState({ preview: null, error: null, progress: null });
    await submit(submitter instanceof HTMLButtonElement ? submitter : form, {
      method: "post",
      encType: "multipart/form-data",
    });
  };

  return { ...state, onFileChange, showChosen, onSubmit };
}
