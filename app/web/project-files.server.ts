import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { organisationById } from "~/domain/access/organisations.server";
import { PREVIEW_TYPES, sniffFileType } from "~/domain/files/file-types";
import { receivePrivateFile } from "~/domain/files/file-upload.server";
import { CLIENT_FILES_BUCKET } from "~/domain/files/private-files.server";
import { type FileDownloads, fileDownloads } from "~/domain/portal/file-downloads.server";
import { projectFiles, recordProjectFile } from "~/domain/portal/project-files.server";
import { projectById } from "~/domain/portal/projects.server";
import { dateTime } from "~/i18n/format";
import type { MessageKey } from "~/i18n/messages";
import type { Translator } from "~/i18n/translate.server";
import { agencyTimeZone } from "~/infra/env.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import type { FailureKind } from "~/lib/result";
import { STATUS_OF } from "./replies.server";
import { redirectWithToast } from "./toast.server";

/**
 * A project's Files page, the same for both sides (/organisations/…/projects/…/files and
 * /admin/clients/…/projects/…/files): the files the viewer may read, and an upload — a plain
 * multipart form (no JavaScript needed) streamed into the client's folder
 * (`<organisation>/projects/<project>/<random>/<name>`) as the signed-in person, so Storage's RLS
 * decides, within 50 MB and the sniffed allowlist (app/domain/files/file-types.ts); then recorded
 * (public.project_files). A refusal is worded under the file field.
 */

/**
 * The organisation and project the caller may read through the client's pages, or 404 (another
 * client's, a made-up id): the client's people, its assigned staff and admins.
 */
export async function readableProject(
  supabase: AppSupabase,
  params: { organisationId?: string; projectId?: string },
) {
  const organisation = await organisationById(supabase, params.organisationId);
  const project = organisation.ok
    ? await projectById(supabase, organisation.value.id, params.projectId)
    : organisation;
  if (!organisation.ok || !project.ok) {
    const failure = organisation.ok ? project : organisation;
    const status = !failure.ok && failure.kind !== "not-found" ? 502 : 404;
    throw data({ message: failure.ok ? "" : failure.message }, { status });
  }
  return { organisation: organisation.value, project: project.value };
}

export interface FileRow {
  id: number;
  name: string;
  size: number;
  href: string;
  /** An image's small preview (the same file, `?preview=1`: not a logged download); else null. */
  preview: string | null;
  uploader: string;
  side: "client" | "agency";
  sentAt: string;
  /** The agency's page only: who of the client's people downloaded it, and when. */
  downloads?: FileRowDownloads;
}

export interface FileRowDownloads {
  count: number;
  /** "Downloaded 3 times by the client" (a plural: worded here, not in the browser). */
  label: string;
  /** The latest, newest first: the person (name, address) and the time in the agency's zone. */
  latest: { person: string; email: string; at: string; when: string }[];
}

function downloadsRow(found: FileDownloads | undefined, t: Translator): FileRowDownloads {
  const count = found?.count ?? 0;
  return {
    count,
    label: t(count ? "projectFiles.downloads" : "projectFiles.notDownloaded", { count }),
    latest: (found?.latest ?? []).map((download) => ({
      ...download,
      when: dateTime(download.at, t.locale, agencyTimeZone()),
    })),
  };
}

/**
 * The page's files as rows; with `downloads` (the agency's page, for admins), each with who of
 * the client's people downloaded it — one request for all the page's files.
 */
export async function projectFilesPage(
  supabase: AppSupabase,
  project: { id: number },
  t: Translator,
  options: { downloads?: boolean } = {},
) {
  const files = await projectFiles(supabase, project.id);
  if (!files.ok) return { files: [] as FileRow[], error: files.message };
  const downloads = options.downloads
    ? await fileDownloads(
        supabase,
        files.value.map((file) => file.path),
      )
    : null;
  const rows: FileRow[] = files.value.map((file) => {
    // A path of this site, in no language (the file's URL is the same in every one).
    const href = `/files/${file.path.split("/").map(encodeURIComponent).join("/")}`;
    return {
      id: file.id,
      name: file.name,
      size: file.size,
      href,
      preview: PREVIEW_TYPES.has(file.type) ? `${href}?preview=1` : null,
      uploader: file.uploader,
      side: file.side,
      sentAt: dateTime(file.createdAt, t.locale, agencyTimeZone()),
      ...(downloads?.ok ? { downloads: downloadsRow(downloads.value.get(file.path), t) } : {}),
    };
  });
  return { files: rows, error: null };
}

/** What a refused upload says under its field. */
const REFUSALS: Partial<Record<FailureKind, MessageKey>> = {
  invalid: "projectFiles.fileRequired",
  unprocessable: "projectFiles.typeRefused",
  "too-large": "projectFiles.tooLarge",
};

function refused(kind: FailureKind, t: Translator) {
  const message = t(REFUSALS[kind] ?? "projectFiles.failed");
  const status = kind === "not-found" || kind === "forbidden" ? 502 : STATUS_OF[kind];
  return data<FormReply>({ result: { error: { file: [message] } }, formError: null }, { status });
}

/** Receives the request's file as one of the project's files; back to `page` with a toast. */
export async function receiveProjectFile(
  supabase: AppSupabase,
  target: { organisationId: string; projectId: number },
  request: Request,
  page: string,
  t: Translator,
) {
  const received = await receivePrivateFile(supabase, target.organisationId, request, {
    folder: `projects/${target.projectId}/${randomUUID()}`,
    sniff: sniffFileType,
  });
  if (!received.ok) return refused(received.kind, t);
  const file = received.value;
  const recorded = await recordProjectFile(supabase, target.projectId, file);
  if (!recorded.ok) {
    // Nothing recorded: the stored file goes too, so none is left that no row names.
    await supabase.storage.from(CLIENT_FILES_BUCKET).remove([file.key]);
    return refused(recorded.kind, t);
  }
  return redirectWithToast(page, {
    type: "success",
    title: t("projectFiles.received", { name: file.name }),
  });
}
