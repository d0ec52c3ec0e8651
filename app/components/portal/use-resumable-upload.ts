import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "~/i18n/use-t";

/** Bytes per PATCH: a part is seconds long even on a slow line, and resumed from its start at worst. */
const PART_BYTES = 5 * 1024 * 1024;
/** Waits before each new try after a dropped connection (then the upload gives up). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];
/**
 * Answers that no retry changes: not found, too large, a kind not taken, too many unfinished
 * uploads (what to do is in the answer's text).
 */
const FINAL = new Set([403, 404, 410, 412, 413, 415, 429]);

export interface ResumableState {
  /** 0–100 while sending. */
  percent: number | null;
  /** The connection dropped and the client is trying again. */
  resuming: boolean;
  /** What to say under the field when the upload was refused or failed. */
  error: string | null;
  /** What to announce once a file was received. */
  done: string | null;
}

/**
 * With JavaScript, the Files form sends its file with tus-js-client to the site's resumable
 * endpoint (`endpoint`, app/web/resumable-files.server.ts) in 5 MB parts, shows the progress and
 * goes on where it stopped after a dropped connection; the list is then read again. The client
 * is loaded only when a file is sent. Without a file chosen, the form posts as without JS.
 */
export function useResumableUpload(endpoint: string | undefined) {
  const t = useT();
  const revalidator = useRevalidator();
  const [state, setState] = useState<ResumableState>({
    percent: null,
    resuming: false,
    error: null,
    done: null,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const input = event.currentTarget.elements.namedItem("file");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!endpoint || !file) return;
    event.preventDefault();
    const form = event.currentTarget;
    setState({ percent: 0, resuming: false, error: null, done: null });
    const { DetailedError, Upload } = await import("tus-js-client");
    const upload = new Upload(file, {
      endpoint,
      chunkSize: PART_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) =>
        setState((now) => ({
          ...now,
          percent: total ? Math.floor((sent * 100) / total) : 0,
          resuming: false,
        })),
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (FINAL.has(status)) return false;
        setState((now) => ({ ...now, resuming: true }));
        return true;
      },
      onError: (error) => {
        const response = error instanceof DetailedError ? error.originalResponse : null;
        const said = response?.getBody()?.trim();
        const status = response?.getStatus() ?? 0;
        setState({
          percent: null,
          resuming: false,
          error: FINAL.has(status) && said ? said : t("projectFiles.failed"),
          done: null,
        });
      },
      onSuccess: () => {
        form.reset();
        setState({
          percent: null,
          resuming: false,
          error: null,
          done: t("projectFiles.received", { name: file.name }),
        });
        void revalidator.revalidate();
      },
    });
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  return { state, onSubmit };
}
