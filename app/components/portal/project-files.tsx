import { ErrorSummary } from "~/components/forms/error-summary";
import { ErrorList } from "~/components/forms/field-frame";
import { fieldIdOf } from "~/components/forms/field-id";
import { SubmitButton } from "~/components/forms/submit-button";
import { FILE_EXTENSIONS } from "~/domain/files/file-types";
import { fileSize } from "~/i18n/format";
import { useT } from "~/i18n/use-t";
import { type FormReply, fieldErrors } from "~/lib/form-reply";
import { FileDownloads, type FileDownloadsRow } from "./file-downloads";
import { useResumableUpload } from "./use-resumable-upload";

/** One of the project's files as both pages list it (app/web/project-files.server.ts). */
export interface ProjectFileRow {
  id: number;
  name: string;
  size: number;
  href: string;
  /** An image's preview address (not a logged download), or null for other kinds. */
  preview: string | null;
  uploader: string;
  side: "client" | "agency";
  sentAt: string;
  /** The agency's page only: who of the client's people downloaded it, and when. */
  downloads?: FileDownloadsRow;
}

const fileInputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 file:me-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1.5";

export function FileList({ files }: { files: ProjectFileRow[] }) {
  const t = useT();
  if (!files.length) return <p className="text-slate-700">{t("projectFiles.none")}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
      {files.map((file) => (
        <li key={file.id} className="flex items-start gap-4 p-4">
          {file.preview ? (
            // The file's name is beside it (the link): the preview itself says nothing more.
            <img
              src={file.preview}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="size-24 shrink-0 rounded border border-slate-200 bg-slate-100 object-cover"
              data-file-preview={file.name}
            />
          ) : null}
          <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-4 gap-y-1">
            <a
              href={file.href}
              className="min-w-0 font-semibold break-words text-brand-800 underline"
              data-file-name={file.name}
            >
              {file.name}
            </a>
            <span className="text-sm text-slate-700">{fileSize(file.size, t.locale)}</span>
            <span className="w-full text-sm text-slate-700">
              {t("projectFiles.sentBy", { name: file.uploader || "—" })} ·{" "}
              {t(file.side === "agency" ? "projectFiles.sideAgency" : "projectFiles.sideClient")} ·{" "}
              <time>{file.sentAt}</time>
            </span>
            {file.downloads ? <FileDownloads downloads={file.downloads} name={file.name} /> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * A project's Files section, the same on both sides: the list (name, size, who sent it, from
 * which side, when; each a download through /files/…; an image with a small preview, a plain
 * lazy <img> of the same file with `?preview=1`) and the upload form — a plain multipart
 * form posted to `action` that works without JavaScript; with JavaScript the file goes to
 * `resumable` with tus, in parts, resumed after a dropped connection (use-resumable-upload.ts).
 */
export function ProjectFiles({
  files,
  error,
  action,
  answer,
  resumable,
}: {
  files: ProjectFileRow[];
  error: string | null;
  action: string;
  answer: FormReply | undefined;
  /** The tus endpoint the page's script sends files to. */
  resumable?: string;
}) {
  const t = useT();
  const upload = useResumableUpload(resumable);
  const { percent, resuming } = upload.state;
  const errors = upload.state.error ? [upload.state.error] : fieldErrors(answer?.result, "file");
  const inputId = errors?.length ? fieldIdOf("file") : "project-file";
  const hintId = "project-file-hint";
  const errorId = "project-file-error";
  return (
    <section aria-labelledby="project-files" className="space-y-6">
      <h2 id="project-files" className="text-2xl font-bold text-slate-900">
        {t("projectFiles.heading")}
      </h2>
      <p className="text-slate-700">{t("projectFiles.intro")}</p>
      {error ? (
        <p role="alert" className="text-red-800">
          {error}
        </p>
      ) : (
        <FileList files={files} />
      )}
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="max-w-xl space-y-3"
        data-project-files-form=""
        onSubmit={upload.onSubmit}
      >
        <ErrorSummary answer={answer} />
        <h3 className="text-lg font-bold text-slate-900">{t("projectFiles.upload")}</h3>
        <div>
          <label htmlFor={inputId} className="mb-1 block font-medium text-slate-900">
            {t("projectFiles.fileLabel")}
          </label>
          <p id={hintId} className="mb-2 text-sm text-slate-700">
            {t("projectFiles.fileHint")}
          </p>
          <input
            id={inputId}
            type="file"
            name="file"
            required
            accept={FILE_EXTENSIONS.join(",")}
            aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
            aria-invalid={errors?.length ? true : undefined}
            className={fileInputClass}
          />
          <ErrorList id={errorId} errors={errors} />
        </div>
        <SubmitButton pendingLabel={t("common.sending")} disabled={percent !== null}>
          {t("projectFiles.submit")}
        </SubmitButton>
        <p role="status" className="text-sm text-slate-800" data-upload-status="">
          {percent !== null
            ? `${t("projectFiles.progress", { percent })}${resuming ? ` — ${t("projectFiles.resuming")}` : ""}`
            : (upload.state.done ?? "")}
        </p>
      </form>
    </section>
  );
}
