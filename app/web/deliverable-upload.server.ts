import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { receivePrivateFile } from "~/domain/files/file-upload.server";
import { CLIENT_FILES_BUCKET } from "~/domain/files/private-files.server";
import { versionNoteSchema } from "~/domain/portal/deliverable-forms.server";
import { addVersion, deliverableOf } from "~/domain/portal/deliverables.server";
import { localizeFailure } from "~/i18n/failures.server";
import type { MessageKey } from "~/i18n/messages";
import type { Translator } from "~/i18n/translate.server";
import type { AppSupabase } from "~/infra/supabase.server";
import type { FormReply } from "~/lib/form-reply";
import type { FailureKind } from "~/lib/result";
import { STATUS_OF } from "./replies.server";
import { redirectWithToast } from "./toast.server";

/**
 * A deliverable's new version, posted to the agency's project page itself
 * (`?upload=<deliverable>`: a plain multipart form, `note` then `file`, no JavaScript needed) so
 * that a refusal is answered on that page — the error summary, the message beside its field, the
 * note typed back — with and without JavaScript. The file is streamed into the client's private
 * folder (`<client>/deliverables/<deliverable>/<random>/<name>`, 50 MB at most) as the signed-in
 * person, then recorded as the deliverable's next version, a draft; another client's project or
 * deliverable answers 404 before a byte of the file is read.
 */
export const UPLOAD_FLAG = "upload";

/** The deliverable a post uploads a version of (null: not an upload). */
export const uploadTarget = (request: Request) =>
  new URL(request.url).searchParams.get(UPLOAD_FLAG);

/** The intent the form's reply names, so that the page shows it under the right deliverable. */
export const VERSION_INTENT = "version";

const UPLOAD_FAILURES: Partial<Record<FailureKind, MessageKey>> = {
  invalid: "deliverables.fileRequired",
  "too-large": "deliverables.fileTooLarge",
};

function refused(
  deliverable: number,
  field: "file" | "note",
  message: string,
  status: number,
  note = "",
) {
  return data<FormReply>(
    {
      result: {
        initialValue: { intent: VERSION_INTENT, deliverable: String(deliverable), note },
        error: { [field]: [message] },
      },
      formError: null,
    },
    { status },
  );
}

export async function receiveVersion(
  supabase: AppSupabase,
  target: { organisationId: string; projectId: number; deliverableId: string | null },
  request: Request,
  page: string,
  t: Translator,
) {
  const deliverable = await deliverableOf(supabase, target.projectId, target.deliverableId ?? "");
  if (!deliverable.ok) throw data({ message: deliverable.message }, { status: 404 });
  const id = deliverable.value.id;
  const fields: Record<string, string> = {};
  const received = await receivePrivateFile(supabase, target.organisationId, request, {
    folder: `deliverables/${id}/${randomUUID()}`,
    fields,
  });
  if (!received.ok) {
    const key = UPLOAD_FAILURES[received.kind] ?? "deliverables.fileFailed";
    const status = received.kind === "not-found" ? 502 : STATUS_OF[received.kind];
    return refused(id, "file", t(key), status, fields.note ?? "");
  }
  const file = received.value;
  const typed = file.fields.note ?? "";
  const note = versionNoteSchema(t).safeParse(typed);
  const added =
    note.success && !file.truncated.includes("note")
      ? await addVersion(supabase, id, file, note.data)
      : null;
  if (!added?.ok) {
    // Nothing recorded: the stored file goes too, so no file is left that no version names.
    await supabase.storage.from(CLIENT_FILES_BUCKET).remove([file.key]);
    if (!added) return refused(id, "note", t("deliverables.noteTooLong"), 400, typed);
    const failure = localizeFailure(added, t);
    return refused(id, "file", failure.message, STATUS_OF[failure.kind], typed);
  }
  return redirectWithToast(page, {
    type: "success",
    title: t("deliverables.uploaded", { number: added.value.number }),
  });
}
